//! A reading that lists rows: what "which X" or the subject names by its name columns, the
//! columns named, a column's values, or how many in each group; sorted and limited.

use super::{
    Built, DISTINCT_WORDS, Group, Reading, Sort,
    dates::date_rank,
    fail,
    group::grain_order,
    sql::{plural, where_clause, words_of},
    value::{claim_keywords, claim_limit_word},
};
use crate::{
    mdl::Model,
    question::{
        Chip, ChipKind,
        entities::{ends_validity, entity_of, refers},
        reach::{Reach, is_key, joins_for},
        read::{Claim, is_date},
    },
};

impl<'m> Reading<'_, 'm> {
    /// A list: what "which X" or the subject names, by its name columns.
    pub(super) fn list(mut self, limit: Option<u32>) -> Result<Built, Vec<String>> {
        let (manifest, dialect, q, base, s) = (self.manifest, self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        let grouped = !self.group_by.is_empty();
        let which_entity =
            s.which_name.and_then(|n| q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).find(|m| self.plan.reaches(&m.name)));
        // "Which products…" over a base that does not reach products lists something else:
        // not this reading.
        let names_an_entity = s.which_name.is_some_and(|n| q.names[n].candidates.iter().any(|(m, c)| entity_of(manifest, m, *c).is_some()));
        if names_an_entity && which_entity.is_none() && s.which_name != s.subject_mention {
            return fail(format!("{} does not reach what the question lists", base.name));
        }
        let listed: Option<&'m Model> = which_entity.or(self.subject);
        // A column named as the subject ("job titles", "product categories"): its values.
        let column_mention =
            s.head_names.iter().copied().find(|n| !self.used_names.contains(n) && q.names[*n].candidates.iter().any(|(_, c)| c.is_some_and(|c| !is_key(c))));
        // A column of the base's own rows (a list of a joined model's column would repeat).
        let subject_column = if listed.is_some() && s.subject_mention.is_some() || s.who {
            None
        } else {
            column_mention.and_then(|n| {
                q.names[n]
                    .candidates
                    .iter()
                    .filter(|(_, c)| c.is_some_and(|c| !is_key(c)))
                    .find_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name))
                    .filter(|r| !r.joined())
                    .cloned()
            })
        };
        // "The name and country of all customers": the columns named, of what is listed.
        let of_listed = |r: &Reach<'m>| listed.is_none_or(|m| m.name == r.model.name) && (!r.joined() || listed.is_some());
        let named: Vec<(usize, Reach<'m>)> = s
            .head_names
            .iter()
            .copied()
            // The quantity named without an aggregate is listed too ("the id and weight").
            .filter(|n| (!self.used_names.contains(n) || Some(*n) == s.measure_mention && self.measure.is_some()) && Some(*n) != s.subject_mention)
            .filter_map(|n| {
                let candidates = || q.names[n].candidates.iter().filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name));
                // "Titles of songs and names of singers": a column said of its model, one row of
                // it for each listed row.
                let of_its_model = |r: &Reach<'m>| r.joined() && model_said_after(q, n, &r.model.name).is_some();
                candidates().find(|r| of_listed(r)).or_else(|| candidates().find(|r| of_its_model(r))).cloned().map(|r| (n, r))
            })
            // A reference is a relationship, not a value to list ("who reports to…").
            .filter(|(_, r)| !refers(manifest, r.model, r.column) && !s.who)
            .collect();
        let asked_distinct = s.distinct;
        let subject_column = if named.len() > 1 || (named.len() == 1 && listed.is_some() && s.subject_mention.is_some()) { None } else { subject_column };
        let mut distinct = if asked_distinct { "DISTINCT " } else { "" };
        let mut list_by: Vec<String> = Vec::new();
        let lists_in_groups = grouped && (s.who || s.which_name.is_some()) && listed.is_some() && s.sort.is_none();
        // "The ids and names of…": the listed thing's key, said as "id".
        let id_words: Vec<usize> =
            q.tokens.iter().enumerate().filter(|(i, t)| (t.word == "id" || t.word == "ids") && q.claims[*i].is_none()).map(|(i, _)| i).collect();
        let listed_key = listed.or(Some(base)).and_then(|m| self.plan.key_of(m)).filter(|_| !id_words.is_empty());
        let key_named = listed_key.as_ref().is_some_and(|k| named.iter().any(|(_, r)| r.column.name == k.column.name && r.model.name == k.model.name));
        if let Some(key) = &listed_key
            && subject_column.is_none()
            && !grouped
            && !key_named
        {
            self.select.push(format!("{} AS {}", key.sql(dialect), quote(&key.column.name)));
            self.used.push(key.clone());
            for &i in &id_words {
                self.claims.push((i, Claim::Keyword));
            }
        }
        if subject_column.is_none() && !named.is_empty() && !grouped {
            if let Some(m) = listed
                && m.name != base.name
            {
                return fail(format!("{} listed from {}", m.name, base.name));
            }
            // "X names and Y": the name said of what is listed comes first.
            let listed_here = listed.unwrap_or(base);
            let label_said = q.names.iter().any(|f| q.labelled.contains(&f.tokens.start) && f.candidates.iter().any(|(m, _)| m.name == listed_here.name));
            if label_said && let Some(Group::Entity { shown, .. }) = self.plan.entity(listed_here) {
                for c in shown.into_iter().filter(|c| !named.iter().any(|(_, r)| r.model.name == c.model.name && r.column.name == c.column.name)) {
                    self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    self.used.push(c);
                }
            }
            for (n, r) in &named {
                if r.joined()
                    && let Some(said) = model_said_after(q, *n, &r.model.name)
                {
                    self.used_names.push(said);
                }
                let item = format!("{} AS {}", r.sql(dialect), quote(&r.column.name));
                // A column named twice is listed once; the second mention means something
                // else ("the first name of the first student to register").
                if self.select.contains(&item) {
                    continue;
                }
                self.used_names.push(*n);
                self.select.push(item);
                self.used.push(r.clone());
                self.used_names.push(*n);
                self.chips.push(Chip { kind: ChipKind::Measure, label: words_of(&r.column.name, Some(r.model)), start: 0, end: 0 });
            }
            if asked_distinct {
                claim_keywords(q, &mut self.claims, DISTINCT_WORDS);
            }
        } else {
            match (subject_column, listed) {
                (Some(c), _) if !grouped => {
                    self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    self.used.push(c.clone());
                    // "Employee names by their age": each row's, in the order of another of its
                    // columns; else each value once.
                    let sorted_by_other = s.sort.as_ref().is_some_and(|sort| {
                        q.names[sort.mention].candidates.iter().any(|(m, oc)| m.name == c.model.name && oc.is_some_and(|oc| oc.name != c.column.name))
                    });
                    if !sorted_by_other || asked_distinct {
                        distinct = "DISTINCT ";
                    }
                    self.used_names.extend(column_mention);
                }
                (_, Some(m)) if !grouped || lists_in_groups => {
                    let Some(Group::Entity { key, shown }) = self.plan.entity(m) else { return fail(format!("no name to show {} by", m.name)) };
                    // Listed from another model's rows ("who manages Sales": the managers of the
                    // department's rows), each once: by its key, shown by its names. So in each
                    // group ("the current manager of each department").
                    if m.name != base.name || lists_in_groups {
                        list_by = std::iter::once(&key).chain(&shown).map(|c| c.sql(dialect)).chain(self.group_by.iter().cloned()).collect();
                        self.used.push(key.clone());
                        // The rows read are the base's: its name says how they relate ("manages").
                        for &n in &s.head_names {
                            if !self.used_names.contains(&n) && q.names[n].candidates.iter().any(|(bm, c)| c.is_none() && bm.name == base.name) {
                                self.used_names.push(n);
                            }
                        }
                    }
                    // A record with no name of its own (an order, a shipment) is shown by its key.
                    let nameless = shown.iter().all(|c| is_key(c.column));
                    for c in shown {
                        self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                        self.used.push(c);
                    }
                    if list_by.is_empty() && m.name == base.name {
                        for c in self.record_context(m, nameless) {
                            self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                            self.used.push(c);
                        }
                    }
                    // "Products that cost more than $50": each with its price.
                    for c in self.compared.clone().into_iter().filter(|c| c.model.name == m.name && !is_date(c.column)) {
                        let item = format!("{} AS {}", c.sql(dialect), quote(&c.column.name));
                        if !self.select.contains(&item) {
                            self.select.push(item);
                            if !list_by.is_empty() {
                                list_by.push(c.sql(dialect));
                            }
                        }
                    }
                    // What "which" names is placed only when it is what is listed ("which
                    // languages…" does not name the countries listed).
                    if let Some(n) = s.which_name
                        && (Some(n) == s.subject_mention
                            || q.names[n].candidates.iter().any(|(cm, c)| entity_of(manifest, cm, *c).is_some_and(|e| e.name == m.name)))
                    {
                        self.used_names.push(n);
                    }
                }
                _ if grouped => {}
                _ => return fail("nothing to list".into()),
            }
        }
        let mut sql =
            format!("SELECT {distinct}{} FROM {}{}", self.select.join(", "), quote(&base.name), joins_for(&self.used.iter().collect::<Vec<_>>(), dialect));
        if !self.conditions.is_empty() {
            sql.push_str(&format!(" WHERE {}", where_clause(&self.conditions)));
        }
        if !list_by.is_empty() {
            sql.push_str(&format!(" GROUP BY {}", list_by.join(", ")));
        }
        if grouped && (s.who || s.which_name.is_some()) && !lists_in_groups {
            return fail("which in each group".into());
        }
        // "Hires by year" counts the events a date names; otherwise what is counted is named.
        let events_named = self.needs_date() && self.named_date.as_ref().is_some_and(|(i, r)| self.used_names.contains(i) && r.model.name == base.name);
        if grouped && self.subject.is_none() && !events_named && self.counted_flag.is_none() && !lists_in_groups {
            return fail("a grouping of nothing named".into());
        }
        if grouped && !lists_in_groups {
            // "Customers by country and segment": how many in each.
            let label = match &self.counted_flag {
                Some(said) if self.subject.is_none() => format!("number of {said}"),
                _ => format!("number of {}", plural(&words_of(&self.subject.unwrap_or(base).name, None))),
            };
            sql = sql.replacen("SELECT ", &format!("SELECT COUNT(*) AS {}, ", quote(&label.replace(' ', "_"))), 1);
            sql.push_str(&format!(" GROUP BY {}", self.group_by.join(", ")));
            if let Some(keys) = grain_order(&self.groups, dialect, q) {
                sql.push_str(&format!(" ORDER BY {keys}"));
            }
            self.chips.insert(0, Chip { kind: ChipKind::Measure, label, start: 0, end: 0 });
        }
        if let Some(Sort { mention: n, desc, claimed: said, .. }) = &s.sort {
            let Some(r) = q.names[*n]
                .candidates
                .iter()
                .filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name))
                .find(|r| !r.joined() || listed.is_some_and(|m| m.name == r.model.name))
                .cloned()
            else {
                return fail("a sort I could not place".into());
            };
            if distinct.is_empty() || self.select.iter().any(|item| item.starts_with(&r.sql(dialect))) {
                sql.push_str(&format!(" ORDER BY {}{}", r.sql(dialect), if *desc { " DESC" } else { "" }));
            } else {
                return fail("a sort on a column not listed".into());
            }
            self.used_names.push(*n);
            for &i in said {
                self.claims.push((i, Claim::Keyword));
            }
            let (start, end) = q.span(said[0]..said[said.len() - 1] + 1);
            self.chips.push(Chip {
                kind: ChipKind::Order,
                label: format!("sorted by {}{}", words_of(&r.column.name, None), if *desc { ", highest first" } else { "" }),
                start,
                end,
            });
            if !self.used.iter().any(|u| u.model.name == r.model.name) {
                return fail("a sort on a model not read".into());
            }
        }
        self.claim_used();
        claim_keywords(q, &mut self.claims, &["by", "per", "each", "every"]);
        if let Some(n) = limit.filter(|_| s.limit_at.is_some()) {
            sql.push_str(&format!(" LIMIT {n}"));
            if let Some((_, at)) = s.limit_at {
                claim_limit_word(q, at, &mut self.claims);
            }
        }
        self.done(sql)
    }
}

impl<'m> Reading<'_, 'm> {
    /// What else a listed record is shown with, beside its name: the dates it was filtered
    /// on ("orders in March": each with its date); and for a record with no name of its own,
    /// its date and the name of the one it belongs to (an order: when, and whose).
    fn record_context(&self, m: &'m Model, nameless: bool) -> Vec<Reach<'m>> {
        // Shown already, or its name taken by a column shown.
        let shown = |r: &Reach<'m>| {
            let alias = format!(" AS {}", self.dialect.quote(&r.column.name));
            self.select.iter().any(|item| item.starts_with(&r.sql(self.dialect)) || item.ends_with(&alias))
        };
        let mut context: Vec<Reach<'m>> =
            self.used.iter().filter(|r| r.model.name == m.name && !r.joined() && is_date(r.column) && !shown(r)).cloned().collect();
        context.dedup_by(|a, b| a.column.name == b.column.name);
        if !nameless {
            return context;
        }
        if context.is_empty()
            && let Some(own) = self
                .plan
                .reach
                .iter()
                .filter(|r| r.model.name == m.name && !r.joined() && is_date(r.column) && !ends_validity(r.column))
                .min_by_key(|r| date_rank(r.column))
        {
            context.push(own.clone());
        }
        // The first model it points at that people know by name, one step away.
        let owner = self.plan.reach.iter().filter(|r| r.path.len() == 1).find_map(|r| match self.plan.entity(r.model) {
            Some(Group::Entity { shown: names, .. }) if names.iter().all(|c| !is_key(c.column) && c.path.len() == 1) => Some(names),
            _ => None,
        });
        context.extend(owner.into_iter().flatten().filter(|r| !shown(r)));
        context
    }
}

/// The mention of `model` said right after mention `n` as "of (the/their/all) <model>", if any.
fn model_said_after(q: &crate::question::read::Question, n: usize, model: &str) -> Option<usize> {
    let mut at = q.names[n].tokens.end;
    if q.tokens.get(at).is_none_or(|t| t.word != "of") {
        return None;
    }
    at += 1;
    while q.tokens.get(at).is_some_and(|t| ["the", "their", "its", "all"].contains(&t.word.as_str())) {
        at += 1;
    }
    q.names.iter().position(|m| m.tokens.start == at && m.candidates.iter().any(|(mm, c)| c.is_none() && mm.name == model))
}
