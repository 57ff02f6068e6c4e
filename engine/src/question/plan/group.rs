//! Groupings: the columns, entities (by key, shown by their names) and time grains a reading
//! groups by, and the columns they add to its SELECT and GROUP BY.

use super::{
    Group, Reading,
    dates::is_time_part,
    fail,
    sql::{current_of, grain_sql, words_of},
};
use crate::{
    compile::Dialect,
    question::{
        Chip, ChipKind,
        entities::{entity_of, fk_target, readable_text, refers_to},
        reach::{Reach, is_key, readable, validity_end},
        read::{Claim, Question, is_date, is_measure},
    },
};

impl<'m> Reading<'_, 'm> {
    /// Groupings: what "which" names, what is said after "by", "per", "each", a value said
    /// after "each", and time grains.
    pub(super) fn groupings(&mut self) -> Result<(), Vec<String>> {
        let (manifest, q, base, s) = (self.manifest, self.q, self.base, self.s);
        let mut group_name_list: Vec<usize> = s.grouped_names.to_vec();
        if let Some(w) = s.which_name
            && !group_name_list.contains(&w)
        {
            group_name_list.insert(0, w);
        }
        // "Which team has the biggest arena": the rows of what "which" names, ranked by a quantity
        // of their own.
        let ranks_own = s.aggregate.is_none()
            && s.order.is_some()
            && self.measure.as_ref().is_some_and(|m| !m.joined())
            && s.which_name.is_some_and(|n| q.names[n].candidates.iter().any(|(m, c)| c.is_none() && m.name == base.name));
        let listing_which = s.aggregate.is_none() && s.measure_mention.is_none() || ranks_own;
        for &n in &group_name_list {
            if self.used_names.contains(&n) {
                continue;
            }
            if Some(n) == s.which_name && listing_which {
                continue;
            }
            let mention = &q.names[n];
            let span = q.span(mention.tokens.clone());
            // "Each type of pet": the model after "of" says whose column the grouping is.
            let qualifies = mention.tokens.start >= 2
                && q.tokens[mention.tokens.start - 1].word == "of"
                && self.groups.iter().any(|(g, _)| match g {
                    Group::Column(r) => mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == r.model.name),
                    _ => false,
                });
            if qualifies {
                self.used_names.push(n);
                continue;
            }
            // A column of categories, else an entity (a model, or a key that refers to one).
            let column = mention
                .candidates
                .iter()
                .filter(|(_, c)| c.is_some_and(|c| !is_key(c) && !is_measure(c) && !is_date(c)))
                .filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name).cloned())
                // The base's own column before a related model's of the same words, unless
                // it is only the reference to that column ("state" of the states a poll names:
                // a state that names no state is not one).
                .min_by_key(|r| {
                    let referred =
                        mention.candidates.iter().any(|(m, c)| c.is_some_and(|c| m.name != r.model.name && refers_to(manifest, (m, c), (r.model, r.column))));
                    (!referred, r.path.len())
                });
            let group = match column {
                Some(c) => Some(Group::Column(c)),
                None => mention.candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).find_map(|m| self.plan.entity(m)),
            };
            // "Which grade", "by year": a whole-number column said as the grouping.
            let group = group.or_else(|| {
                mention
                    .candidates
                    .iter()
                    .filter(|(m, c)| c.is_some_and(|c| is_measure(c) && c.type_name.to_uppercase().contains("INT") && fk_target(manifest, m, c).is_none()))
                    .find_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name).cloned())
                    .map(Group::Column)
            });
            match group {
                Some(g) => {
                    self.used_names.push(n);
                    self.groups.push((g, span));
                }
                None => {
                    if std::env::var_os("QUARRY_DEBUG_READING").is_some() {
                        eprintln!(
                            "group {:?}: {:?}",
                            &q.text[span.0..span.1],
                            mention.candidates.iter().map(|(m, c)| format!("{}.{}", m.name, c.map_or("", |c| c.name.as_str()))).collect::<Vec<_>>()
                        );
                    }
                    return fail(format!("could not place \"{}\"", &q.text[span.0..span.1]));
                }
            }
        }
        // "For each sales support agent": a value said after "each" groups by what it names.
        for v in &q.values {
            let each = v.tokens.start > 0 && ["each", "every", "per"].contains(&q.tokens[v.tokens.start - 1].word.as_str());
            if !each {
                continue;
            }
            let Some((place, _, span)) = self.value_columns.iter().find(|(_, list, _)| list.contains(&v.value)) else { continue };
            match self.plan.entity(place.model) {
                Some(g) => {
                    self.claims.push((v.tokens.start - 1, Claim::Keyword));
                    self.groups.push((g, *span));
                }
                None => return fail(format!("could not place \"each {}\"", v.value)),
            }
        }
        for (grain, at) in &s.grains {
            let Some(d) = self.calendar() else { return fail(format!("no date in {} to group by", base.name)) };
            let span = q.span(*at..at + 1);
            self.claims.push((*at, Claim::Keyword));
            self.groups.push((Group::Grain(*grain, d), span));
        }
        self.each_own_row();
        Ok(())
    }

    /// "The version numbers and type codes for each template", over the templates: each of the
    /// base's own rows, shown by its names beside the columns asked — not a grouping with
    /// nothing to aggregate.
    fn each_own_row(&mut self) {
        let (q, base, s, dialect) = (self.q, self.base, self.s, self.dialect);
        let own_rows = s.aggregate.is_none()
            && s.order.is_none()
            && s.limit_at.is_none()
            && !self.groups.is_empty()
            && self.groups.iter().all(|(g, span)| {
                // Said after "each" or "every" ("which products are out of stock" is no such list).
                let after_each = q
                    .tokens
                    .iter()
                    .position(|t| t.start == span.0)
                    .and_then(|at| at.checked_sub(1))
                    .is_some_and(|b| ["each", "every"].contains(&q.tokens[b].word.as_str()));
                after_each && matches!(g, Group::Entity { key, .. } if !key.joined() && key.model.name == base.name)
            });
        // A column of the base's own asked beside it (a quantity too), to list.
        let asks_a_column = s.head_names.iter().any(|&n| {
            (!self.used_names.contains(&n) || Some(n) == s.measure_mention)
                && q.names[n].candidates.iter().any(|(m, c)| m.name == base.name && c.is_some_and(|c| !is_key(c) && readable(c)))
        });
        if !own_rows || !asks_a_column {
            return;
        }
        for (group, _) in std::mem::take(&mut self.groups) {
            if let Group::Entity { shown, .. } = group {
                // Its names, said in the head ("the name and date of each battle"), are these.
                for &n in &s.head_names {
                    let names_shown =
                        q.names[n].candidates.iter().any(|(m, c)| shown.iter().any(|r| r.model.name == m.name && c.is_some_and(|c| c.name == r.column.name)));
                    if names_shown && !self.used_names.contains(&n) {
                        self.used_names.push(n);
                    }
                }
                for c in shown {
                    self.select.push(format!("{} AS {}", c.sql(dialect), dialect.quote(&c.column.name)));
                    self.used.push(c);
                }
            }
        }
    }

    /// The groups' columns, selected and grouped by.
    pub(super) fn grouped_columns(&mut self) {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        // The words for the key and names of the first entity grouped by.
        let entity = self.groups.iter().find_map(|(g, _)| match g {
            Group::Entity { key, shown } => Some((key.clone(), shown.clone())),
            _ => None,
        });
        let key_said = entity.as_ref().is_some_and(|(key, shown)| self.said_of_entity(key, shown));
        let said_of_group = entity.map(|(key, shown)| self.said_of_group(&key, &shown)).unwrap_or_default();
        for (g, span) in &self.groups {
            match g {
                // "No value" is not a member of a grouping: rows without one are left out.
                Group::Column(r) => {
                    // A code shown with the name of what it stands for ("ORD", "Chicago Ohare
                    // Intl"): rows whose code names nothing keep the code.
                    if let Some(label) = self.plan.label_of(r) {
                        self.select.push(format!("{} AS {}", label.sql(dialect), quote(&label_alias(&label, r))));
                        self.group_by.push(label.sql(dialect));
                        self.used.push(label);
                    }
                    self.select.push(format!("{} AS {}", r.sql(dialect), quote(&r.column.name)));
                    self.conditions.push(format!("{} IS NOT NULL", r.sql(dialect)));
                    self.group_by.push(r.sql(dialect));
                    self.used.push(r.clone());
                    self.chips.push(Chip {
                        kind: ChipKind::Grouping,
                        label: format!("by {}{}", current_of(r), words_of(&r.column.name, Some(r.model))),
                        start: span.0,
                        end: span.1,
                    });
                }
                Group::Entity { key, shown } => {
                    self.conditions.push(format!("{} IS NOT NULL", key.sql(dialect)));
                    self.group_by.push(key.sql(dialect));
                    self.used.push(key.clone());
                    let key_apart = !shown.iter().any(|c| c.column.name == key.column.name);
                    if key_said && key_apart {
                        self.select.push(format!("{} AS {}", key.sql(dialect), quote(&key.column.name)));
                    }
                    for c in shown {
                        self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                        self.group_by.push(c.sql(dialect));
                        self.used.push(c.clone());
                    }
                    self.used.extend(said_of_group.iter().filter(|c| c.model.name == key.model.name && c.path == key.path).cloned());
                    // A key people read (an airport's "LGA", not an id) is shown after the name.
                    if !key_said && key_apart && readable_text(key.column) && !is_key(key.column) {
                        self.select.push(format!("{} AS {}", key.sql(dialect), quote(&key.column.name)));
                    }
                    for c in said_of_group.iter().filter(|c| c.model.name == key.model.name && c.path == key.path) {
                        self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                        self.group_by.push(c.sql(dialect));
                    }
                    self.chips.push(Chip {
                        kind: ChipKind::Grouping,
                        label: format!("by {}{}", current_of(key), words_of(&key.model.name, None)),
                        start: span.0,
                        end: span.1,
                    });
                }
                Group::Grain(grain, d) => {
                    let expr = grain_sql(*grain, &d.sql(dialect), dialect, q.time.as_ref().map(|t| &t.0));
                    let name = format!("{grain:?}").to_lowercase();
                    self.conditions.push(format!("{} IS NOT NULL", d.sql(dialect)));
                    self.select.push(format!("{expr} AS {}", quote(&name)));
                    self.group_by.push(expr);
                    self.used.extend(d.columns());
                    self.chips.push(Chip { kind: ChipKind::Grouping, label: format!("by {name}"), start: span.0, end: span.1 });
                }
            }
        }
        // Read through someone's current department, the rows measured are current too: this
        // year's salaries per current department, not every salary ever paid.
        if !s.current
            && q.time.is_none()
            && self.used.iter().any(Reach::through_current)
            && let Some(end) = validity_end(base)
        {
            self.conditions.push(format!("{}.{} IS NULL", quote(&base.name), quote(&end.name)));
            self.chips.push(Chip { kind: ChipKind::Filter, label: "current".into(), start: 0, end: 0 });
        }
        self.subject_key = self.subject.filter(|m| m.name != base.name).and_then(|m| self.plan.key_of(m));
        if let Some(k) = &self.subject_key {
            self.used.push(k.clone());
        }
    }
}

/// Time first, then the other groupings: the order a series over time is read in. Time is a
/// grain or a whole-number column of a part of a date ("month", "yearID").
pub(super) fn grain_order(groups: &[(Group<'_>, (usize, usize))], dialect: Dialect, q: &Question) -> Option<String> {
    let time = |g: &Group| match g {
        Group::Grain(grain, d) => Some(grain_sql(*grain, &d.sql(dialect), dialect, q.time.as_ref().map(|t| &t.0))),
        Group::Column(r) if is_time_part(r.column) => Some(r.sql(dialect)),
        _ => None,
    };
    let mut keys: Vec<String> = groups.iter().filter_map(|(g, _)| time(g)).collect();
    if keys.is_empty() {
        return None;
    }
    keys.extend(groups.iter().filter(|(g, _)| time(g).is_none()).filter_map(|(g, _)| match g {
        Group::Column(r) => Some(r.sql(dialect)),
        Group::Entity { shown, .. } => shown.first().map(|c| c.sql(dialect)),
        Group::Grain(..) => None,
    }));
    Some(keys.join(", "))
}

impl<'m> Reading<'_, 'm> {
    /// "Each continent's id and name", "the names and ids of the makers": the words for the
    /// key and the names of an entity the reading shows are said of it, and placed. Whether its
    /// key (its id) was asked for, to be shown too.
    pub(super) fn said_of_entity(&mut self, key: &Reach<'m>, shown: &[Reach<'m>]) -> bool {
        let q = self.q;
        let named = !shown.iter().all(|c| is_key(c.column));
        let mut key_said = false;
        // A mention of the entity's key or name column ("continent id", "maker full name").
        for (n, mention) in q.names.iter().enumerate() {
            if self.used_names.contains(&n) {
                continue;
            }
            let of = |r: &Reach<'m>| mention.candidates.iter().any(|(m, c)| m.name == r.model.name && c.is_some_and(|c| c.name == r.column.name));
            // The entity named again before its id or name ("list the customer id and name").
            let before_its_words = mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == key.model.name)
                && q.tokens.get(mention.tokens.end).is_some_and(|t| ["id", "ids", "name", "names"].contains(&t.word.as_str()));
            if of(key) {
                key_said = true;
                self.used_names.push(n);
            } else if named && shown.iter().any(of) || before_its_words {
                self.used_names.push(n);
            }
        }
        // A bare "id" or "name" after nothing that names another model ("the id", "its name").
        for (i, token) in q.tokens.iter().enumerate() {
            let word = token.word.as_str();
            let of_other = i
                .checked_sub(1)
                .and_then(|b| q.names.iter().find(|m| m.tokens.end == b + 1))
                .is_some_and(|m| m.candidates.iter().all(|(model, _)| model.name != key.model.name));
            if of_other || q.names.iter().any(|m| m.tokens.contains(&i) && m.tokens.len() > 1) {
                continue;
            }
            if ["id", "ids"].contains(&word) {
                key_said = true;
                self.claims.push((i, Claim::Keyword));
            } else if named && ["name", "names"].contains(&word) {
                self.claims.push((i, Claim::Keyword));
            }
        }
        key_said
    }
}

impl<'m> Reading<'_, 'm> {
    /// "The name and theme of the concerts and the number of singers in each concert": other
    /// columns of a thing grouped by, said in the question's head, shown beside it (one value
    /// per group, since each is the thing's own); the thing named again is placed too.
    fn said_of_group(&mut self, key: &Reach<'m>, shown: &[Reach<'m>]) -> Vec<Reach<'m>> {
        let (q, s) = (self.q, self.s);
        let mut columns: Vec<Reach<'m>> = Vec::new();
        // Only beside a quantity asked for: "each teacher and what course they teach" is no count.
        if s.aggregate.is_none() {
            return columns;
        }
        for &n in &s.head_names {
            if self.used_names.contains(&n) || Some(n) == s.subject_mention || Some(n) == s.measure_mention {
                continue;
            }
            let mention = &q.names[n];
            if mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == key.model.name) {
                self.used_names.push(n);
                continue;
            }
            let own = mention
                .candidates
                .iter()
                .filter(|(m, c)| m.name == key.model.name && c.is_some_and(|c| !is_key(c)))
                .filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name))
                .find(|r| r.path == key.path)
                .cloned();
            if let Some(r) = own {
                self.used_names.push(n);
                if !shown.iter().chain(&columns).any(|c| c.column.name == r.column.name) {
                    columns.push(r);
                }
            }
        }
        columns
    }
}

/// The name a code's label is selected as, saying whose it is ("name" of the airport a `dest`
/// refers to, as `dest_name`), so it never takes another selected column's name.
fn label_alias(label: &Reach<'_>, code: &Reach<'_>) -> String {
    format!("{}_{}", code.column.name, label.column.name)
}
