//! The parts of a reading over one base that narrow its rows: the subject and measure as the
//! base reaches them, values, yes/no columns, gender words, negations (`NOT EXISTS`), rows
//! said to exist (`EXISTS`), date ranges and "current". Comparisons are in `compare`,
//! groupings in `group`, the value and its SQL in `value` and `list`.

use super::{
    Aggregate, Built, Plan, Reading, Shape, direction, fail,
    sql::{Direct, direct_rows, not_exists, plural, quote_text, related_rows, values_inside, words_of},
};
use crate::{
    compile::Dialect,
    mdl::{Manifest, Model},
    question::{
        Chip, ChipKind,
        entities::{ends_validity, fk_target, flag_true, is_flag, key_column, refers, shown_columns, stems_of},
        lexicon,
        reach::{Reach, is_key, reachable_by},
        read::{Claim, Question, ValueMention, column_words, is_current, is_measure, is_sale_verb, model_words},
    },
};

/// One reading of the question over `base`: its parts placed in turn, the first that cannot be
/// placed failing it.
pub(super) fn build<'q, 'm>(manifest: &'m Manifest, dialect: Dialect, q: &'q Question<'m>, base: &'m Model, s: &'q Shape<'m>) -> Result<Built, Vec<String>> {
    let mut reading = Reading::new(manifest, dialect, q, base, s)?;
    reading.values()?;
    reading.flags();
    reading.sexes()?;
    reading.negation()?;
    reading.comparisons()?;
    reading.numbers();
    reading.dates()?;
    reading.current()?;
    reading.exists()?;
    reading.related_values()?;
    if let Some((_, v)) = reading.deferred_values.first() {
        return fail(format!("could not relate \"{}\" to the rest of the question", v.value));
    }
    reading.groupings()?;
    reading.grouped_columns();
    reading.value()
}

impl<'q, 'm> Reading<'q, 'm> {
    /// The subject and the measure as `base` reaches them; fails when it does not reach what
    /// the question counts or the event it measures per.
    pub(super) fn new(manifest: &'m Manifest, dialect: Dialect, q: &'q Question<'m>, base: &'m Model, s: &'q Shape<'m>) -> Result<Self, Vec<String>> {
        let (ways, way_words, way_chips) = direction::chosen_ways(manifest, q, base);
        let plan = Plan { manifest, reach: reachable_by(manifest, base, &ways) };
        let mut used_names: Vec<usize> = Vec::new();

        // The subject as an entity this base reaches.
        let subject: Option<&'m Model> = s.subject_models.iter().copied().find(|m| plan.reaches(&m.name));
        if !s.subject_models.is_empty() && subject.is_none() {
            return fail(format!("{} does not reach what the question counts", base.name));
        }
        if let Some(n) = s.subject_mention
            && subject.is_some()
        {
            used_names.push(n);
        }
        if let Some(n) = s.per_event {
            // The event must be what the base's rows are recorded per.
            if !q.names[n].candidates.iter().any(|(m, _)| plan.reaches(&m.name)) {
                return fail("per what I could not place".into());
            }
            used_names.push(n);
        }

        // The measure.
        let measure: Option<Reach<'m>> = match s.measure_mention {
            Some(n) => {
                // A sum or average of a joined model's column would count it once per base row.
                let own = matches!(s.aggregate, Some(Aggregate::Sum | Aggregate::Avg)) || s.per_event.is_some();
                let found = q.names[n]
                    .candidates
                    .iter()
                    .filter(|(model, c)| c.is_some_and(|c| is_measure(c) && fk_target(manifest, model, c).is_none()))
                    .filter_map(|(m, c)| plan.find(&m.name, &(*c)?.name).cloned())
                    .find(|r| !own || !r.joined())
                    // "the average age" of pets: `pet_age`, the base's own column in the words
                    // said and the base's name.
                    .or_else(|| {
                        let said: Vec<&str> = q.names[n].tokens.clone().map(|i| q.tokens[i].stem.as_str()).collect();
                        let own_words = model_words(base);
                        plan.reach
                            .iter()
                            .filter(|r| !r.joined() && is_measure(r.column))
                            .find(|r| {
                                let cw = column_words(r.column);
                                let rest: Vec<&String> = cw.iter().filter(|w| !said.contains(&w.as_str())).collect();
                                said.iter().all(|w| cw.iter().any(|c| c == w)) && !rest.is_empty() && rest.iter().all(|w| own_words.contains(w))
                            })
                            .cloned()
                    });
                if let Some(m) = &found {
                    // "spent the most money": every word naming the measure is placed by it.
                    for (i, other) in q.names.iter().enumerate() {
                        if !s.grouped_names.contains(&i)
                            && other.candidates.iter().any(|(om, oc)| om.name == m.model.name && oc.is_some_and(|c| c.name == m.column.name))
                        {
                            used_names.push(i);
                        }
                    }
                    used_names.push(n);
                }
                found
            }
            None => None,
        };
        Ok(Reading {
            manifest,
            dialect,
            q,
            base,
            s,
            plan,
            subject,
            measure,
            claims: way_words.into_iter().map(|i| (i, Claim::Keyword)).collect(),
            chips: way_chips,
            used: Vec::new(),
            conditions: Vec::new(),
            used_names,
            deferred_values: Vec::new(),
            value_columns: Vec::new(),
            counted_flag: None,
            denied: false,
            compared: Vec::new(),
            named_date: None,
            groups: Vec::new(),
            select: Vec::new(),
            group_by: Vec::new(),
            subject_key: None,
        })
    }

    /// Value filters: each value where this base reaches it (nearest).
    pub(super) fn values(&mut self) -> Result<(), Vec<String>> {
        let (manifest, dialect, q, s) = (self.manifest, self.dialect, self.q, self.s);
        for (index, v) in q.values.iter().enumerate() {
            // The name of another thing ("Iron Maiden" the artist) before a column of what is
            // counted ("Iron Maiden" the album title); then the nearest.
            let place = v
                .places
                .iter()
                .filter_map(|(m, c)| self.plan.find(m, c))
                .min_by_key(|r| {
                    // (A key shown for want of a name is a code, not another thing's name.)
                    let names_other = self.subject.is_none_or(|m| m.name != r.model.name)
                        && shown_columns(self.manifest, r.model).iter().any(|c| c.name == r.column.name)
                        && key_column(self.manifest, r.model).is_none_or(|k| k.name != r.column.name);
                    (!said_of(q, v, &r.model.name), !names_other, r.path.len())
                })
                .cloned();
            let Some(place) = place else {
                if self.place_by_way(index, v) {
                    continue;
                }
                // "channels that do not have any cartoons directed by Ben Jones", "students who
                // have a cat or dog pet": a value of rows said to exist or not is a condition on
                // those rows (placed with them below, or not at all).
                self.deferred_values.push((index, v));
                for i in v.tokens.clone() {
                    self.claims.push((i, Claim::Value(index)));
                }
                continue;
            };
            for i in v.tokens.clone() {
                self.claims.push((i, Claim::Value(index)));
            }
            match self.value_columns.iter_mut().find(|(r, _, _)| r.model.name == place.model.name && r.column.name == place.column.name) {
                Some((_, list, _)) => {
                    // "English and Dutch" of one column: both at once (never one row), or each of
                    // them when grouped; without a grouping it is not read as "either".
                    let between = q.values.iter().filter(|o| o.tokens.end <= v.tokens.start).map(|o| o.tokens.end).max().unwrap_or(0);
                    let joined_by_and = (between..v.tokens.start).any(|i| q.tokens[i].word == "and");
                    if joined_by_and && s.grouped_names.is_empty() && s.grains.is_empty() {
                        return fail(format!("\"{}\" and another value of the same column", v.value));
                    }
                    list.push(v.value.clone())
                }
                None => self.value_columns.push((place, vec![v.value.clone()], q.span(v.tokens.clone()))),
            }
        }
        // A name said beside a value names the value's column or model ("the Rock genre").
        for (index, mention) in q.names.iter().enumerate() {
            if self.used_names.contains(&index) || s.grouped_names.contains(&index) || Some(index) == s.which_name {
                continue;
            }
            // Right beside it, or with only its column's name between ("the document with name
            // 'Welcome'").
            // (Not what the question asks for: "give the airline with abbreviation 'UAL'".)
            let asked = Some(index) == s.measure_mention || s.head_names.first() == Some(&index);
            let between_only_names = |v: &crate::question::read::ValueMention| {
                !asked
                    && mention.tokens.end < v.tokens.start
                    && (mention.tokens.end..v.tokens.start).all(|i| {
                        ["with", "whose", "named", "called", "the", "is", "of"].contains(&q.tokens[i].word.as_str())
                            || q.names.iter().any(|m| m.tokens.contains(&i) && m.candidates.iter().all(|(_, c)| c.is_some()))
                    })
            };
            let beside_value = q.values.iter().any(|v| {
                v.tokens.end == mention.tokens.start
                    || mention.tokens.end == v.tokens.start
                    || mention.tokens.end + 1 == v.tokens.start
                    || between_only_names(v)
            });
            let names_value = mention.candidates.iter().any(|(m, c)| {
                self.value_columns.iter().any(|(r, _, _)| {
                    r.model.name == m.name && c.is_none_or(|c| c.name == r.column.name || is_key(c))
                        || c.is_some_and(|c| is_key(c) && fk_target(manifest, m, c).is_some_and(|t| t.name == r.model.name))
                })
            });
            if beside_value && names_value {
                self.used_names.push(index);
            }
        }
        let denied = self.denied_value();
        for (reach, list, span) in &self.value_columns {
            self.used.push(reach.clone());
            let sql = reach.sql(dialect);
            let not = denied.is_some_and(|d| d == span.0);
            self.conditions.push(match (list.as_slice(), not) {
                ([one], false) => format!("{sql} = {}", quote_text(one)),
                ([one], true) => format!("{sql} <> {}", quote_text(one)),
                (many, not) => format!("{sql} {}IN ({})", if not { "NOT " } else { "" }, many.iter().map(|v| quote_text(v)).collect::<Vec<_>>().join(", ")),
            });
            self.chips.push(Chip {
                kind: ChipKind::Filter,
                label: format!("{} is {}{}", words_of(&reach.column.name, Some(reach.model)), if not { "not " } else { "" }, list.join(" or ")),
                start: span.0,
                end: span.1,
            });
        }
        Ok(())
    }

    /// "Whose nationality is not Russia", "who are not from Russia": the value said right after
    /// the negation, on a column this base reads, is the one denied (where it starts in the
    /// question); the negation and the small words between are placed.
    fn denied_value(&mut self) -> Option<usize> {
        let (q, s) = (self.q, self.s);
        let at = s.negated.filter(|&at| lexicon::DENYING.contains(&q.tokens[at].word.as_str()))?;
        let mut next = at + 1;
        // "Not from Canada"; "do not have the nationality 'USA'": the value's column named
        // between.
        let mut column_said: Option<usize> = None;
        loop {
            if q.tokens.get(next).is_some_and(|t| lexicon::BEFORE_DENIED_VALUE.contains(&t.word.as_str()) || lexicon::HAVE.contains(&t.word.as_str())) {
                next += 1;
            } else if let Some(n) =
                q.names.iter().position(|m| m.tokens.start == next && m.candidates.iter().all(|(_, c)| c.is_some())).filter(|_| column_said.is_none())
            {
                column_said = Some(n);
                next = q.names[n].tokens.end;
            } else {
                break;
            }
        }
        let start = q.tokens.get(next)?.start;
        let (place, _, _) = self.value_columns.iter().find(|(_, list, span)| span.0 == start && list.len() == 1)?;
        if let Some(n) = column_said
            && !q.names[n].candidates.iter().any(|(m, c)| m.name == place.model.name && c.is_some_and(|c| c.name == place.column.name))
        {
            return None;
        }
        self.denied = true;
        let said = column_said.map(|n| q.names[n].tokens.clone()).unwrap_or_default();
        self.claims.extend((at..next).filter(|i| !said.contains(i)).map(|i| (i, Claim::Keyword)));
        Some(start)
    }

    /// Boolean columns named ("home games", "won"): true. Named as what is asked for ("wins
    /// for each team"), the rows where it is true are what is counted.
    pub(super) fn flags(&mut self) {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        for (index, mention) in q.names.iter().enumerate() {
            if self.used_names.contains(&index) && Some(index) != s.subject_mention {
                continue;
            }
            if let Some(r) = mention.candidates.iter().filter(|(_, c)| c.is_some_and(is_flag)).find_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name).cloned())
            {
                self.used_names.push(index);
                let (start, end) = q.span(mention.tokens.clone());
                if s.head_names.first() == Some(&index) && r.model.name == base.name {
                    self.counted_flag = Some(q.text[start..end].to_lowercase());
                }
                self.conditions.push(flag_true(r.column, &r.sql(dialect)));
                self.chips.push(Chip { kind: ChipKind::Filter, label: words_of(&r.column.name, None), start, end });
                self.used.push(r);
            }
        }
    }

    /// "Women", "male employees": a gender column of what is counted, by its first letter.
    pub(super) fn sexes(&mut self) -> Result<(), Vec<String>> {
        let (dialect, q, base) = (self.dialect, self.q, self.base);
        for (i, t) in q.tokens.iter().enumerate() {
            let Some(letter) = lexicon::sex(&t.word) else { continue };
            if q.claims[i].is_some() {
                continue;
            }
            let anchor = self.subject.unwrap_or(base);
            let Some(r) = self
                .plan
                .reach
                .iter()
                .filter(|r| r.model.name == anchor.name && stems_of(&r.column.name).iter().any(|w| w == "gender" || w == "sex"))
                .min_by_key(|r| r.path.len())
                .cloned()
            else {
                return fail(format!("could not place \"{}\"", t.word));
            };
            self.conditions.push(format!("UPPER(SUBSTRING({}, 1, 1)) = '{letter}'", r.sql(dialect)));
            self.chips.push(Chip {
                kind: ChipKind::Filter,
                label: format!("{} is {}", words_of(&r.column.name, None), if letter == 'F' { "female" } else { "male" }),
                start: t.start,
                end: t.end,
            });
            self.claims.push((i, Claim::Keyword));
            self.used.push(r);
        }
        Ok(())
    }

    /// Negation: a column that is empty, or related rows that do not exist.
    pub(super) fn negation(&mut self) -> Result<(), Vec<String>> {
        let (manifest, dialect, q, base, s) = (self.manifest, self.dialect, self.q, self.base, self.s);
        let Some(at) = s.negated.filter(|_| !self.denied) else { return Ok(()) };
        let after = q.names.iter().enumerate().find(|(i, m)| m.tokens.start > at && !self.used_names.contains(i) && !s.grouped_names.contains(i));
        let anchor = self.subject.unwrap_or(base);
        let mut placed = false;
        if let Some((index, mention)) = after {
            // Related rows that do not exist ("customers with no invoices"), else an empty
            // column of what is counted ("tracks missing a composer").
            let other = mention
                .candidates
                .iter()
                .filter(|(_, c)| c.is_none())
                .map(|(m, _)| *m)
                .find(|m| m.name != anchor.name && not_exists(manifest, anchor, m, dialect).is_some());
            let empty = mention
                .candidates
                .iter()
                .filter_map(|(m, c)| c.and_then(|c| self.plan.find(&m.name, &c.name)))
                // A quantity is never "missing" where it is zero; a reference or a year can be.
                .find(|r| {
                    let year_or_reference = stems_of(&r.column.name).iter().any(|w| w == "year") || refers(manifest, r.model, r.column);
                    (!r.joined() || r.model.name == anchor.name) && !r.column.not_null && (!is_measure(r.column) || year_or_reference)
                });
            if let Some(other) = other
                && let Some(rows) = related_rows(manifest, anchor, other, dialect)
            {
                // The values said of the rows that do not exist, inside.
                let inside = match values_inside(q, other, &mut self.deferred_values, &mut self.used_names, dialect) {
                    Ok(inside) => inside,
                    Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
                };
                // "No cats and dogs": neither, or not both, is not said.
                let [inside] = inside.as_slice() else { return fail(format!("the rows of {} said not to exist", other.name)) };
                // A value said of the rows that do not exist cannot hold outside them.
                if self.value_columns.iter().any(|(r, _, span)| r.model.name == other.name && q.span(at..at + 1).0 < span.0) {
                    return fail(format!("the rows of {} said not to exist", other.name));
                }
                self.conditions.push(format!("NOT EXISTS (SELECT 1 {rows}{inside})"));
                let (start, end) = q.span(at..mention.tokens.end);
                self.chips.push(Chip { kind: ChipKind::Filter, label: format!("without {}", words_of(&other.name, None)), start, end });
                self.used_names.push(index);
                placed = true;
            } else if let Some(r) = empty {
                self.conditions.push(format!("{} IS NULL", r.sql(dialect)));
                let (start, end) = q.span(at..mention.tokens.end);
                self.chips.push(Chip { kind: ChipKind::Filter, label: format!("no {}", words_of(&r.column.name, None)), start, end });
                self.used_names.push(index);
                self.used.push(r.clone());
                placed = true;
            }
        }
        if !placed {
            placed = self.denied_related_value(at, anchor)?;
        }
        if !placed && let Some(verb) = q.tokens.iter().enumerate().find(|(i, t)| *i > at && is_sale_verb(&t.word)) {
            // "never sold": no line of a sale refers to it.
            let lines = manifest.models.iter().find(|m| {
                m.name != anchor.name
                    && m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| w == "quantity"))
                    && not_exists(manifest, anchor, m, dialect).is_some()
            });
            if let Some(lines) = lines
                && let Some(sql) = not_exists(manifest, anchor, lines, dialect)
            {
                self.conditions.push(sql);
                let (start, end) = q.span(at..verb.0 + 1);
                self.chips.push(Chip { kind: ChipKind::Filter, label: "never sold".into(), start, end });
                self.claims.push((verb.0, Claim::Keyword));
                placed = true;
            }
        }
        if !placed {
            let end = q.tokens.len().min(at + 4);
            let (start, end) = q.span(at..end);
            return fail(format!("could not place \"{}\"", &q.text[start..end]));
        }
        self.claims.push((at, Claim::Keyword));
        // "don't have any", "never been": the rest of the negation.
        for (i, t) in q.tokens.iter().enumerate().skip(at + 1).take(3) {
            if ["any", "been", "ever", "anyone", "anything", "a", "an"].contains(&t.word.as_str()) {
                self.claims.push((i, Claim::Filler));
            }
        }
        Ok(())
    }

    /// "Countries that do not speak English": a value of related rows said after the negation,
    /// with at most a verb and small words between, is a value none of its rows has (and it has
    /// some). Whether placed.
    fn denied_related_value(&mut self, at: usize, anchor: &'m Model) -> Result<bool, Vec<String>> {
        let (dialect, q) = (self.dialect, self.q);
        let Some(&(_, v)) = self.deferred_values.iter().filter(|(_, v)| v.tokens.start > at).min_by_key(|(_, v)| v.tokens.start) else { return Ok(false) };
        let between = at + 1..v.tokens.start;
        let only_a_verb = between.len() <= 3 && between.clone().all(|i| q.claims[i].is_none() && !q.names.iter().any(|m| m.tokens.contains(&i)));
        let (true, Some((other, rows))) = (only_a_verb, self.directly_related(v, anchor)) else { return Ok(false) };
        // A value of those rows said before the negation is not denied with it ("French, not
        // English").
        if self.deferred_values.iter().any(|(_, d)| d.tokens.start < at && d.places.iter().any(|(m, _)| *m == other.name)) {
            return fail(format!("the rows of {} said not to exist", other.name));
        }
        let inside = match values_inside(q, other, &mut self.deferred_values, &mut self.used_names, dialect) {
            Ok(inside) => inside,
            Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
        };
        let [inside] = inside.as_slice() else { return fail(format!("the rows of {} said not to exist", other.name)) };
        // "Do not speak English" presumes some language spoken: with none at all, it is not
        // known. "Never" presumes nothing ("never sold in France").
        let presumes = ["not", "don't", "doesn't", "didn't"].contains(&q.tokens[at].word.as_str()) && !between.clone().any(|i| is_sale_verb(&q.tokens[i].word));
        let some = if presumes { format!("EXISTS (SELECT 1 {rows}) AND ") } else { String::new() };
        self.conditions.push(format!("{some}NOT EXISTS (SELECT 1 {rows}{inside})"));
        let (start, end) = q.span(at..v.tokens.end);
        self.chips.push(Chip { kind: ChipKind::Filter, label: format!("without {} {}", words_of(&other.name, None), v.value), start, end });
        Ok(true)
    }

    /// The model a value is of, other than `anchor`, whose rows refer to `anchor` directly, with
    /// those rows (`FROM … WHERE …`).
    fn directly_related(&self, v: &ValueMention, anchor: &Model) -> Option<(&'m Model, String)> {
        let manifest = self.manifest;
        v.places.iter().filter_map(|(m, _)| manifest.models.iter().find(|x| x.name == *m)).filter(|m| m.name != anchor.name).find_map(|m| {
            match direct_rows(manifest, anchor, m, self.dialect) {
                Direct::Rows(rows) => Some((m, rows)),
                _ => None,
            }
        })
    }

    /// "Countries that speak both English and Dutch": values of related rows said after a verb,
    /// with no name of those rows, are rows that must exist (one of each when joined by "and").
    pub(super) fn related_values(&mut self) -> Result<(), Vec<String>> {
        let (dialect, q, base) = (self.dialect, self.q, self.base);
        let Some(&(_, first)) = self.deferred_values.iter().min_by_key(|(_, v)| v.tokens.start) else { return Ok(()) };
        // The words before it, back to what the reading placed: a verb and its small words.
        let mut words: Vec<usize> = Vec::new();
        let mut at = first.tokens.start;
        while at > 0 && q.claims[at - 1].is_none() && !self.claims.iter().any(|(i, _)| *i == at - 1) && words.len() < 3 {
            at -= 1;
            words.push(at);
        }
        const SMALL: &[&str] = &["that", "which", "who", "where", "both", "either", "the", "a", "an", "in", "of", "and", "or"];
        let verb = words.iter().any(|&i| !SMALL.contains(&q.tokens[i].word.as_str()) && q.tokens[i].number.is_none());
        let anchor = self.subject.unwrap_or(base);
        // Said of the thing asked about: right after its name, or after "that/which/who/where".
        let of_anchor = at > 0 && q.names.iter().any(|m| m.tokens.end == at && m.candidates.iter().any(|(mm, _)| mm.name == anchor.name))
            || q.tokens.get(at).is_some_and(|t| ["that", "which", "who", "where"].contains(&t.word.as_str()));
        let verb = verb && of_anchor;
        let (true, Some((other, rows))) = (verb, self.directly_related(first, anchor)) else { return Ok(()) };
        let inside = match values_inside(q, other, &mut self.deferred_values, &mut self.used_names, dialect) {
            Ok(inside) => inside,
            Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
        };
        let said: Vec<String> = q.values.iter().filter(|v| v.places.iter().any(|(m, _)| *m == other.name)).map(|v| v.value.clone()).collect();
        for inside in inside {
            self.conditions.push(format!("EXISTS (SELECT 1 {rows}{inside})"));
        }
        let (start, end) = q.span(at..first.tokens.end);
        self.chips.push(Chip { kind: ChipKind::Filter, label: format!("with {} {}", words_of(&other.name, None), said.join(", ")), start, end });
        // "Both" and "either" say how; the verb is left to be known, or refused.
        self.claims.extend(words.into_iter().filter(|&i| ["both", "either"].contains(&q.tokens[i].word.as_str())).map(|i| (i, Claim::Keyword)));
        if let Some(k) = self.plan.key_of(anchor) {
            self.used.push(k);
        }
        Ok(())
    }

    /// "Currently": rows whose validity has not ended, in every model the reading reads.
    pub(super) fn current(&mut self) -> Result<(), Vec<String>> {
        let (dialect, q, base) = (self.dialect, self.q, self.base);
        if !self.s.current {
            return Ok(());
        }
        let mut any = false;
        for r in self.plan.reach.iter().filter(|r| ends_validity(r.column) && (!r.joined() || self.used.iter().any(|u| u.model.name == r.model.name))) {
            self.conditions.push(format!("{} IS NULL", r.sql(dialect)));
            any = true;
        }
        if !any {
            return fail(format!("\"currently\" means nothing in {}", base.name));
        }
        for (i, t) in q.tokens.iter().enumerate() {
            if is_current(&t.word) {
                self.claims.push((i, Claim::Keyword));
                let (start, end) = q.span(i..i + 1);
                self.chips.push(Chip { kind: ChipKind::Filter, label: "current".into(), start, end });
            }
        }
        Ok(())
    }

    /// "Students who have pets", "artists with albums": related rows that exist.
    pub(super) fn exists(&mut self) -> Result<(), Vec<String>> {
        let (manifest, dialect, q, base, s) = (self.manifest, self.dialect, self.q, self.base, self.s);
        let anchor = self.subject.unwrap_or(base);
        for (index, mention) in q.names.iter().enumerate() {
            if self.used_names.contains(&index)
                || s.grouped_names.contains(&index)
                || Some(index) == s.which_name
                || Some(index) == s.subject_mention
                || Some(index) == s.measure_mention
            {
                continue;
            }
            // "who have a cat or dog pet": the values of those rows may come between.
            let mut before = mention.tokens.start;
            while before > 0
                && (["a", "an", "any", "some", "or", "and", "both"].contains(&q.tokens[before - 1].word.as_str())
                    || matches!(q.claims[before - 1], Some(Claim::Value(_))))
            {
                before -= 1;
            }
            let Some(verb) = before.checked_sub(1).filter(|&b| ["have", "has", "having", "with", "own", "owns", "owning"].contains(&q.tokens[b].word.as_str()))
            else {
                continue;
            };
            if s.negated.is_some_and(|at| at < mention.tokens.start) {
                continue;
            }
            let Some((other, rows)) = mention
                .candidates
                .iter()
                .filter(|(m, c)| c.is_none() && m.name != anchor.name)
                .find_map(|(m, _)| related_rows(manifest, anchor, m, dialect).map(|r| (*m, r)))
            else {
                continue;
            };
            let inside = match values_inside(q, other, &mut self.deferred_values, &mut self.used_names, dialect) {
                Ok(inside) => inside,
                Err(value) => return fail(format!("could not relate \"{value}\" to the rest of the question")),
            };
            // "Both a cat and a dog": a row of each.
            for inside in inside {
                self.conditions.push(format!("EXISTS (SELECT 1 {rows}{inside})"));
            }
            let (start, end) = q.span(verb..mention.tokens.end);
            self.chips.push(Chip { kind: ChipKind::Filter, label: format!("with {}", plural(&words_of(&other.name, None))), start, end });
            self.claims.push((verb, Claim::Keyword));
            for i in verb + 1..mention.tokens.start {
                self.claims.push((i, Claim::Filler));
            }
            self.used_names.push(index);
            if let Some(k) = self.plan.key_of(anchor) {
                self.used.push(k);
            }
        }
        Ok(())
    }
}

/// Whether a value is said of a model named just before it ("customers in London",
/// "suppliers based in the USA"): its place in that model is the one meant.
fn said_of(q: &Question, v: &ValueMention, model: &str) -> bool {
    const BETWEEN: &[&str] = &["in", "the", "from", "of", "at", "based", "located", "living", "who", "that", "are", "is", "live", "lives"];
    q.names.iter().any(|n| {
        n.tokens.end <= v.tokens.start
            && v.tokens.start - n.tokens.end <= 3
            && (n.tokens.end..v.tokens.start).all(|i| BETWEEN.contains(&q.tokens[i].word.as_str()))
            && n.candidates.iter().any(|(m, c)| c.is_none() && m.name == model)
    })
}
