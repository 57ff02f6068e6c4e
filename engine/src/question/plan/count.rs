//! Counts: how many of the subject, of a column's different values or of rows, and the average
//! of per-group counts ("average number of invoices per customer").

use super::{
    Built, DISTINCT_WORDS, Group, Reading, fail,
    sql::{plural, where_clause, words_of},
    value::{Value, claim_keywords},
};
use crate::{
    mdl::Model,
    question::{
        Chip, ChipKind,
        reach::{Reach, is_key, joins_for},
        read::{NameMention, model_words, names},
    },
};

impl<'m> Reading<'_, 'm> {
    /// "Average number of invoices per customer": the average of per-group counts.
    pub(super) fn average_of_counts(mut self) -> Result<Built, Vec<String>> {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        let Some((Group::Entity { key, .. } | Group::Column(key), _)) = self.groups.first() else { return fail("an average of counts without a per".into()) };
        let inner_value = match (&self.subject_key, s.distinct) {
            (Some(k), _) => format!("COUNT(DISTINCT {})", k.sql(dialect)),
            (None, true) => match q.names.iter().enumerate().find(|(i, m)| {
                !self.used_names.contains(i) && m.candidates.iter().any(|(mm, c)| c.is_some() && self.plan.find(&mm.name, &c.unwrap().name).is_some())
            }) {
                Some((i, m)) => {
                    let r = m.candidates.iter().find_map(|(mm, c)| self.plan.find(&mm.name, &(*c)?.name)).cloned().unwrap_or_else(|| key.clone());
                    self.used_names.push(i);
                    format!("COUNT(DISTINCT {})", r.sql(dialect))
                }
                None => "COUNT(*)".into(),
            },
            (None, false) => "COUNT(*)".into(),
        };
        let label = format!("average number of {} per {}", plural(&words_of(&self.subject.unwrap_or(base).name, None)), words_of(&key.model.name, None));
        let alias = quote(&label.replace(' ', "_"));
        let mut sql =
            format!("SELECT {} AS {} FROM {}{}", key.sql(dialect), quote("per"), quote(&base.name), joins_for(&self.used.iter().collect::<Vec<_>>(), dialect));
        if !self.conditions.is_empty() {
            sql.push_str(&format!(" WHERE {}", where_clause(&self.conditions)));
        }
        sql = sql.replacen(
            &format!("{} AS {}", key.sql(dialect), quote("per")),
            &format!("{} AS {}, {inner_value} AS {}", key.sql(dialect), quote("per"), quote("n")),
            1,
        );
        sql.push_str(&format!(" GROUP BY {}", key.sql(dialect)));
        self.chips.retain(|c| c.kind != ChipKind::Grouping);
        self.chips.insert(0, Chip { kind: ChipKind::Measure, label: label.clone(), start: 0, end: 0 });
        claim_keywords(
            q,
            &mut self.claims,
            &["average", "avg", "mean", "averaged", "number", "how", "many", "count", "per", "each", "every", "different", "distinct", "unique"],
        );
        if !self.used_names.iter().any(|&n| Some(n) == s.subject_mention) && s.subject_mention.is_some() {
            return fail("the subject is not counted".into());
        }
        self.claim_used();
        self.done(format!("SELECT AVG({}) AS {alias} FROM ({sql}) {}", quote("n"), quote("per_group")))
    }

    /// How many: of the subject by its key when read through another model's rows, of a
    /// column's different values when asked, else of the rows.
    pub(super) fn count(&mut self) -> Value {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        let distinct_column = self.counted_column();
        if let Some((n, _, _)) = &distinct_column {
            self.used_names.push(*n);
        }
        let (expr, what) = match (&self.subject_key, self.subject) {
            _ if let Some((_, r, said)) = &distinct_column => {
                self.used.push(r.clone());
                let words = words_of(&r.column.name, None);
                (format!("COUNT(DISTINCT {})", r.sql(dialect)), if *said { format!("different {words}") } else { words })
            }
            (Some(k), Some(m)) => (format!("COUNT(DISTINCT {})", k.sql(dialect)), words_of(&m.name, None)),
            _ if s.distinct => {
                match s.subject_mention.and_then(|n| q.names[n].candidates.iter().find_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name)).cloned()) {
                    Some(r) => (format!("COUNT(DISTINCT {})", r.sql(dialect)), format!("different {}", words_of(&r.column.name, None))),
                    None => ("COUNT(*)".into(), words_of(&base.name, None)),
                }
            }
            (_, Some(m)) => ("COUNT(*)".into(), words_of(&m.name, None)),
            _ => ("COUNT(*)".into(), words_of(&base.name, None)),
        };
        if s.distinct {
            claim_keywords(q, &mut self.claims, DISTINCT_WORDS);
        }
        let label = format!("number of {}", plural(&what));
        let alias = quote(&label.replace(' ', "_"));
        claim_keywords(q, &mut self.claims, &["how", "many", "number", "count", "headcount"]);
        Value { sql: Some(expr), label, alias, ..Value::default() }
    }

    /// The column counted by its different values, if any, with whether "different" was said:
    /// the column after "distinct" ("how many distinct countries do customers come from"), or
    /// a column (no model) after "how many" or "number of" ("how many states").
    fn counted_column(&self) -> Option<(usize, Reach<'m>, bool)> {
        let q = self.q;
        let word = |i: usize| q.tokens.get(i).map(|t| t.word.as_str());
        (0..q.tokens.len()).find_map(|at| {
            let said = DISTINCT_WORDS.contains(&q.tokens[at].word.as_str());
            let how_many =
                word(at) == Some("many") && word(at.wrapping_sub(1)) == Some("how") || word(at) == Some("of") && word(at.wrapping_sub(1)) == Some("number");
            if !(said || how_many && self.subject.is_none()) {
                return None;
            }
            let (n, m) = q.names.iter().enumerate().find(|(i, m)| m.tokens.start == at + 1 && !self.used_names.contains(i))?;
            // Unless "different" is said, a name that may be a model is the model's rows, and so
            // is a column said with a model's name after it or in it ("how many state polls").
            let model_at = |m: &NameMention| m.candidates.iter().any(|(_, c)| c.is_none());
            if !said && (model_at(m) || q.names.iter().any(|next| next.tokens.start == m.tokens.end && model_at(next))) {
                return None;
            }
            let last = &q.tokens[m.tokens.end - 1].stem;
            let with_model = |model: &Model| m.tokens.len() > 1 && model_words(model).iter().any(|w| names(last, w));
            // The base's own column before a related model's of the same name.
            let r = m
                .candidates
                .iter()
                .filter(|(model, c)| c.is_some_and(|c| !is_key(c)) && (said || !with_model(model)))
                .filter_map(|(mm, c)| self.plan.find(&mm.name, &(*c)?.name))
                .filter(|r| self.subject.is_none_or(|sm| sm.name == r.model.name))
                .min_by_key(|r| r.path.len())
                .cloned()?;
            Some((n, r, said))
        })
    }
}
