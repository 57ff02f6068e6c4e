//! Comparisons placed on the columns they compare ("shorter than 3 minutes", "over $150k",
//! "born before 1960"), counts of related rows ("makers with more than 3 models"), and numbers
//! said beside a quantity's name ("12 installments", "grade 9 or 10").

use super::{
    Aggregate, Plan, Reading, fail,
    sql::{description_words, number_text, plural, related_rows, words_of},
};
use crate::{
    mdl::{Column, Model},
    question::{
        Chip, ChipKind,
        entities::{fk_target, stems_of},
        lexicon,
        reach::{Reach, is_key, readable},
        read::{Claim, ComparisonMention, Question, column_words, is_date, is_measure, names},
        vocabulary,
    },
};

/// How many of a related model's rows there are: their count, or, for lines that each carry a
/// quantity ("orders with between 2 and 5 items" of order items with a `quantity`), the
/// quantities added up.
fn how_many(other: &Model, rows: &str, dialect: crate::compile::Dialect) -> String {
    let quantities: Vec<&Column> = other
        .columns
        .iter()
        .filter(|c| is_measure(c) && !is_key(c) && crate::question::reach::is_whole_number(c) && vocabulary::name_stems(&c.name) == ["quantity"])
        .collect();
    match quantities.as_slice() {
        [quantity] if rows.starts_with(&format!("FROM {}", dialect.quote(&other.name))) => {
            format!("COALESCE(SUM({}.{}), 0)", dialect.quote(&other.name), dialect.quote(&quantity.name))
        }
        _ => "COUNT(*)".into(),
    }
}

/// Words a comparison's subject does not reach back past.
const FILLER_WORDS: &[&str] = &["how", "many", "the", "a", "an", "are", "is", "were", "was", "of", "with", "which", "what", "for", "in"];

impl<'m> Reading<'_, 'm> {
    /// Comparisons: the column they compare, from the words near them, their unit or adjective.
    pub(super) fn comparisons(&mut self) -> Result<(), Vec<String>> {
        let (manifest, dialect, q, base) = (self.manifest, self.dialect, self.q, self.base);
        for (index, c) in q.comparisons.iter().enumerate() {
            let last = c.tokens.iter().max().copied().unwrap_or(0);
            // "makers with more than 3 models": how many related rows each has.
            let anchor = self.subject.unwrap_or(base);
            let counted = q.names.iter().enumerate().find(|(i, m)| m.tokens.start == last + 1 && !self.used_names.contains(i)).and_then(|(i, m)| {
                let other = m.candidates.iter().filter(|(om, oc)| oc.is_none() && om.name != anchor.name).map(|(om, _)| *om).next()?;
                let rows = related_rows(manifest, anchor, other, dialect)?;
                Some((i, other, rows))
            });
            // "Which grades have 4 or more high schoolers": a count of what is grouped, not a
            // comparison of the grade.
            let counts_own =
                q.names.iter().find(|m| m.tokens.start == last + 1).is_some_and(|m| {
                    m.candidates.iter().any(|(om, oc)| oc.is_none() && om.name == anchor.name) && m.candidates.iter().all(|(_, oc)| oc.is_none())
                });
            if counted.is_none() && counts_own && !c.year && !c.money && c.unit.is_none() {
                let end_of_name = q.names.iter().find(|m| m.tokens.start == last + 1).map_or(last + 1, |m| m.tokens.end);
                let (start, end) = q.span(c.tokens.iter().min().copied().unwrap_or(0)..end_of_name);
                return fail(format!("could not place \"{}\"", &q.text[start..end]));
            }
            // "Documents with between one and two paragraphs": a range of counts.
            let count_condition = match c.numbers.as_slice() {
                [a, b] if c.operator == "BETWEEN" => Some(format!("BETWEEN {} AND {}", number_text(*a), number_text(*b))),
                [number] if c.operator != "BETWEEN" => Some(format!("{} {}", c.operator, number_text(*number))),
                _ => None,
            };
            if let (Some((n, other, rows)), Some(condition), false) = (&counted, count_condition, c.year || c.money || c.unit.is_some()) {
                self.conditions.push(format!("(SELECT {} {rows}) {condition}", how_many(other, rows, dialect)));
                let first = c.tokens.iter().min().copied().unwrap_or(0);
                let (start, end) = q.span(first..q.names[*n].tokens.end);
                self.chips.push(Chip {
                    kind: ChipKind::Comparison,
                    label: format!("{} {}", plural(&words_of(&other.name, None)), &q.text[q.span(first..last + 1).0..q.span(first..last + 1).1]),
                    start,
                    end,
                });
                for &i in &c.tokens {
                    self.claims.push((i, Claim::Comparison(index)));
                }
                self.used_names.push(*n);
                if !self.used.iter().any(|u| u.model.name == anchor.name)
                    && let Some(k) = self.plan.key_of(anchor)
                {
                    self.used.push(k);
                }
                continue;
            }
            let Some((column, factor, named)) = compared_column(q, &self.plan, c, self.subject.unwrap_or(base), &self.used_names) else {
                let first = c.tokens.iter().min().copied().unwrap_or(0);
                let last = c.tokens.iter().max().copied().unwrap_or(0);
                // The words before it say what is compared ("customers under 30").
                let from = first.saturating_sub(2).max(q.tokens[..first].iter().rposition(|t| FILLER_WORDS.contains(&t.word.as_str())).map_or(0, |p| p + 1));
                let (start, end) = q.span(from..last + 1);
                return fail(format!("could not place \"{}\"", &q.text[start..end]));
            };
            // "Between 4 and 5 minutes … under 30": a second number for a column already compared
            // in a unit, said without one, is not that column's.
            let unitless_again = c.unit.is_none()
                && q.comparisons[..index].iter().any(|o| o.unit.is_some())
                && self.used.iter().any(|u| u.model.name == column.model.name && u.column.name == column.column.name);
            if unitless_again {
                let (start, end) = q.span(c.tokens.iter().min().copied().unwrap_or(0)..last + 1);
                return fail(format!("could not place \"{}\"", &q.text[start..end]));
            }
            // "By hour for flights from 6 to 11": a name grouped by is still grouped by.
            if let Some(n) = named.filter(|n| !self.s.grouped_names.contains(n)) {
                self.used_names.push(n);
            }
            // "More than 60%" of a column that holds 62.1 or 0.621: only its name can say which.
            let Some(scale) = (if c.percent { percent_scale(column.column) } else { Some(1.0) }) else {
                let (start, end) = q.span(c.tokens.iter().min().copied().unwrap_or(0)..last + 1);
                return fail(format!("could not place \"{}\"", &q.text[start..end]));
            };
            let sql = column.sql(dialect);
            self.compared.push(column.clone());
            let numbers: Vec<String> = c.numbers.iter().map(|n| number_text(n * factor * scale)).collect();
            self.conditions.push(match (c.operator, numbers.as_slice()) {
                ("BETWEEN", [a, b]) => format!("{sql} BETWEEN {a} AND {b}"),
                (op, [a, ..]) if c.year && is_date(column.column) => {
                    let year = a.parse::<f64>().unwrap_or(0.0) as i32;
                    format!("{sql} {op} DATE '{year}-01-01'")
                }
                (op, [a, ..]) => format!("{sql} {op} {a}"),
                _ => return fail("a comparison without its number".into()),
            });
            let (start, end) = {
                let first = *c.tokens.iter().min().unwrap_or(&0);
                let last = *c.tokens.iter().max().unwrap_or(&0);
                q.span(first..last + 1)
            };
            let said = q.text[start..end].to_owned();
            self.chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} {said}", words_of(&column.column.name, None)), start, end });
            for &i in &c.tokens {
                self.claims.push((i, Claim::Comparison(index)));
            }
            // "players who earned more than $20 million": the verb near it that means the
            // compared column says it.
            let first = c.tokens.iter().min().copied().unwrap_or(0);
            for i in first.saturating_sub(3)..(last + 3).min(q.tokens.len()) {
                if q.claims[i].is_none() && means_column(&q.tokens[i].stem, column.column) {
                    self.claims.push((i, Claim::Keyword));
                }
            }
            self.used.push(column);
        }
        Ok(())
    }

    /// Numbers said beside a quantity's name: its values.
    pub(super) fn numbers(&mut self) {
        let (manifest, dialect, q, s) = (self.manifest, self.dialect, self.q, self.s);
        // "12 installments", "1-star reviews": a number said before a quantity's name is its value.
        for (i, t) in q.tokens.iter().enumerate() {
            let Some(n) = t.number else { continue };
            if q.claims[i].is_some() || s.limit_at.is_some_and(|(_, at)| at == i) {
                continue;
            }
            let Some((index, mention)) = q.names.iter().enumerate().find(|(_, m)| m.tokens.start == i + 1) else { continue };
            let Some(r) = mention
                .candidates
                .iter()
                .filter_map(|(m, c)| c.and_then(|c| self.plan.find(&m.name, &c.name)))
                .find(|r| is_measure(r.column) && fk_target(manifest, r.model, r.column).is_none())
                .cloned()
            else {
                continue;
            };
            self.conditions.push(format!("{} = {}", r.sql(dialect), number_text(n)));
            let (start, end) = q.span(i..mention.tokens.end);
            self.chips.push(Chip { kind: ChipKind::Comparison, label: format!("{} is {}", words_of(&r.column.name, None), number_text(n)), start, end });
            self.claims.push((i, Claim::Keyword));
            self.used_names.push(index);
            self.used.push(r);
        }
        // "In grade 9 or 10", "jersey number 23": numbers said after a number column's name.
        for (index, mention) in q.names.iter().enumerate() {
            let counted_measure = Some(index) == s.measure_mention && s.aggregate == Some(Aggregate::Count);
            if self.used_names.contains(&index) && !counted_measure || s.grouped_names.contains(&index) {
                continue;
            }
            let at = mention.tokens.end;
            let Some(first) = q.tokens.get(at).and_then(|t| t.number).filter(|_| q.claims[at].is_none() && s.limit_at.is_none_or(|(_, l)| l != at)) else {
                continue;
            };
            let Some(r) = mention
                .candidates
                .iter()
                .filter_map(|(m, c)| c.and_then(|c| self.plan.find(&m.name, &c.name)))
                .find(|r| is_measure(r.column) && !is_key(r.column))
                .cloned()
            else {
                continue;
            };
            let mut numbers = vec![first];
            let mut end = at;
            while q.tokens.get(end + 1).is_some_and(|t| t.word == "or" || t.word == "and")
                && let Some(next) = q.tokens.get(end + 2).and_then(|t| t.number).filter(|_| q.claims[end + 2].is_none())
            {
                numbers.push(next);
                end += 2;
            }
            let list: Vec<String> = numbers.iter().map(|n| number_text(*n)).collect();
            self.conditions.push(match list.as_slice() {
                [one] => format!("{} = {one}", r.sql(dialect)),
                many => format!("{} IN ({})", r.sql(dialect), many.join(", ")),
            });
            let (start, stop) = q.span(mention.tokens.start..end + 1);
            self.chips.push(Chip {
                kind: ChipKind::Comparison,
                label: format!("{} is {}", words_of(&r.column.name, None), list.join(" or ")),
                start,
                end: stop,
            });
            for i in at..=end {
                self.claims.push((i, Claim::Keyword));
            }
            self.used_names.push(index);
            self.used.push(r);
        }
    }
}

/// The column a comparison compares, the factor its number is multiplied by for the column's
/// unit, and the name mention that said the column.
fn compared_column<'m>(
    q: &Question<'m>,
    plan: &Plan<'m>,
    c: &ComparisonMention,
    anchor: &'m Model,
    used_names: &[usize],
) -> Option<(Reach<'m>, f64, Option<usize>)> {
    let numeric =
        |r: &Reach| (is_measure(r.column) || (c.year && (is_date(r.column) || stems_of(&r.column.name).iter().any(|w| w == "year")))) && readable_num(r.column);
    // A column named in the words around the comparison.
    let first = *c.tokens.iter().min()?;
    let last = *c.tokens.iter().max()?;
    let mut named: Option<(Reach<'m>, usize)> = None;
    let mut best_distance = usize::MAX;
    for (i, m) in q.names.iter().enumerate() {
        if used_names.contains(&i) {
            continue;
        }
        let distance = if m.tokens.start > last {
            m.tokens.start - last
        } else if m.tokens.end <= first {
            first - m.tokens.end + 1
        } else if m.tokens.end <= last {
            // Said inside it ("above age 20").
            0
        } else {
            continue;
        };
        if distance > 4 {
            continue;
        }
        if let Some(r) = m.candidates.iter().filter_map(|(mm, col)| col.and_then(|col| plan.find(&mm.name, &col.name))).find(|r| numeric(r))
            && distance < best_distance
        {
            best_distance = distance;
            named = Some((r.clone(), i));
        }
    }
    // Else the unit's or the adjective's quantity, or money.
    let wanted: Vec<&str> = match (&named, &c.unit) {
        (Some(_), _) => Vec::new(),
        (None, Some(unit)) => lexicon::unit_quantity(unit).map(<[&str]>::to_vec).unwrap_or_default(),
        (None, None) => c
            .hints
            .iter()
            .filter_map(|h| lexicon::superlative_quantity(h).or_else(|| lexicon::column_synonyms(h).first().map(|_| lexicon::column_synonyms(h))))
            .flatten()
            .copied()
            .collect(),
    };
    let money_words: &[&str] = &["total", "amount", "price", "salary", "cost", "fee", "value"];
    let (column, index) = match named {
        Some((r, i)) => (r, Some(i)),
        None => {
            // The column whose name says the first wanted word, else whose description does.
            let pick = |words: &[&str]| {
                let candidates: Vec<&Reach<'m>> = plan.reach.iter().filter(|r| numeric(r) && (r.model.name == anchor.name || !r.joined())).collect();
                let by = |text: &dyn Fn(&Column) -> Vec<String>| {
                    words.iter().find_map(|x| candidates.iter().find(|r| text(r.column).iter().any(|w| w.starts_with(x))).map(|r| (*r).clone()))
                };
                by(&|c| column_words(c)).or_else(|| by(&|c| description_words(c)))
            };
            let found = if !wanted.is_empty() { pick(&wanted) } else { None };
            let found = found.or_else(|| if c.money { pick(money_words) } else { None });
            let found = found.or_else(|| {
                // "born before 1960", "drafted before 2010": the date or year column the hints name.
                if !c.year {
                    return None;
                }
                plan.reach
                    .iter()
                    .filter(|r| numeric(r) && !r.joined())
                    .find(|r| column_words(r.column).iter().any(|w| c.hints.iter().any(|h| names(h, w) && !["before", "after", "since"].contains(&h.as_str()))))
                    .cloned()
            });
            let found = found?;
            // "whose age is older than 1" of `pet_age`: a name said near it, in its words.
            let said = q.names.iter().enumerate().find(|(i, m)| {
                let near = m.tokens.end <= first && first - m.tokens.end < 4 || m.tokens.start > last && m.tokens.start - last <= 2;
                near && !used_names.contains(i) && m.tokens.clone().all(|t| column_words(found.column).contains(&q.tokens[t].stem))
            });
            (found, said.map(|(i, _)| i))
        }
    };
    let words: Vec<String> = column_words(column.column).into_iter().chain(description_words(column.column)).collect();
    let factor = match &c.unit {
        Some(unit) => lexicon::convert(unit, &words)?,
        None => 1.0,
    };
    Some((column, factor, index))
}

/// Whether a word of the question means the column by what it measures ("earned" → salary).
fn means_column(stem: &str, column: &Column) -> bool {
    let meant = lexicon::superlative_quantity(stem).unwrap_or_else(|| lexicon::column_synonyms(stem));
    let words = column_words(column);
    meant.iter().any(|m| words.iter().any(|w| w.starts_with(m)))
}

fn readable_num(column: &Column) -> bool {
    readable(column)
}

/// What a percentage said of `column` is multiplied by: 100 when its name says it holds
/// percentages (`win_pct`), 1 when it says fractions (`share`, `rate`); unknown otherwise.
fn percent_scale(column: &Column) -> Option<f64> {
    let words: Vec<String> = column_words(column).into_iter().chain(description_words(column)).collect();
    let says = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    if says(&["pct", "percent", "percentage", "perc"]) {
        Some(100.0)
    } else if says(&["rate", "ratio", "share", "fraction", "proportion", "prop", "frac"]) {
        Some(1.0)
    } else {
        None
    }
}
