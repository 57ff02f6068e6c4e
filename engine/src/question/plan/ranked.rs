//! Rows ranked by a quantity ("the longest track", "the birth date of the player with the
//! lowest earnings", "top 5 highest-paid employees"): what is ranked, by what, and what is shown.

use super::{
    Group, Reading, fail,
    sql::{description_words, words_of},
    value::Value,
};
use crate::question::{
    Chip, ChipKind,
    entities::{ends_validity, entity_of, key_column},
    lexicon,
    reach::{Reach, is_key},
    read::{Claim, column_words, is_date, is_measure},
};

impl<'m> Reading<'_, 'm> {
    /// Whether the superlative is said right before the measure ("the highest capacity").
    pub(super) fn ranks_by_measure(&self) -> bool {
        let (q, s) = (self.q, self.s);
        s.order.zip(s.measure_mention).is_some_and(|((_, at), n)| q.names[n].tokens.start == at + 1)
    }

    /// "The longest track", "top 5 highest-paid employees": rows ranked by a quantity.
    pub(super) fn ranked_rows(&mut self) -> Result<Value, Vec<String>> {
        let (manifest, dialect, q, base, s) = (self.manifest, self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        let (desc, at) = s.order.unwrap_or((true, 0));
        // "Youngest" ranks by age, whatever else the question names; "most" by what it names.
        // "Longest-serving": the word after the superlative says the quantity first.
        let after = q
            .tokens
            .get(at + 1)
            .filter(|_| q.claims.get(at + 1).is_some_and(|c| matches!(c, None | Some(Claim::Name(_)))))
            .and_then(|t| lexicon::superlative_quantity(&t.word).map(|w| (w, at + 1)));
        // "The largest accelerate": a quantity said right after the superlative is what it ranks.
        let said_after = s.measure_mention.is_some_and(|n| q.names[n].tokens.start == at + 1) && self.measure.is_some();
        let wanted = after.map(|(w, _)| w).or_else(|| lexicon::superlative_quantity(&q.tokens[at].word).filter(|_| !said_after));
        if let Some((_, i)) = after {
            self.claims.push((i, Claim::Keyword));
        }
        let implied = wanted.map(|wanted| {
            self.plan
                .reach
                .iter()
                .filter(|r| {
                    (is_measure(r.column) || is_date(r.column))
                        && (r.model.name == self.subject.unwrap_or(base).name || !r.joined() || r.path.len() == 1 && r.through_current())
                })
                .find(|r| column_words(r.column).iter().chain(description_words(r.column).iter()).any(|w| wanted.iter().any(|x| w.starts_with(x))))
                .cloned()
        });
        // "The X of the youngest Y": ranked by what the superlative implies (an age),
        // showing the quantity named (X) with it.
        let (quantity, named_quantity) = match (implied, &self.measure) {
            (Some(Some(q)), Some(m)) if q.column.name != m.column.name => (Some(q), Some(m.clone())),
            (Some(found), _) => (found, None),
            (None, m) => (m.clone(), None),
        };
        let Some(quantity) = quantity else { return fail("an order I could not place".into()) };
        // "The age of the oldest dog": what is named is what is shown.
        let named_only = self.measure.is_some() && !s.who && s.which_name.is_none() && s.limit_at.is_none();
        // Dates rank the other way: the oldest was born first.
        let desc = if is_date(quantity.column) { !desc } else { desc };
        let shown = self.subject.and_then(|m| self.plan.entity(m)).or_else(|| self.plan.entity(base)).filter(|_| !named_only);
        // Rows of another model ranked (salaries of employees) would show an entity once
        // per row: ranked only over the entity's own rows.
        // "The most assists in a single game": each row is one game's, ranked as rows.
        let single_event = q.tokens.iter().enumerate().find_map(|(i, t)| {
            if !["single", "one"].contains(&t.word.as_str()) {
                return None;
            }
            let (n, mention) = q.names.iter().enumerate().find(|(_, m)| m.tokens.start == i + 1)?;
            let event = mention.candidates.iter().any(|(m, c)| {
                c.is_none()
                    && m.name != base.name
                    && key_column(self.manifest, m).and_then(|k| self.plan.find(&m.name, &k.name)).is_some_and(|r| r.path.len() == 1)
            });
            event.then_some((i, n))
        });
        if let Some((i, n)) = single_event {
            self.claims.push((i, Claim::Keyword));
            self.used_names.push(n);
        }
        let one_row_each = s.current && self.plan.reach.iter().any(|r| !r.joined() && ends_validity(r.column)) || single_event.is_some();
        if let Some(Group::Entity { key, .. }) = &shown
            && key.joined()
            && !one_row_each
        {
            return fail(format!("{} ranked by rows of {}", key.model.name, base.name));
        }
        // "What is the hometown of the youngest teacher": a column "what" names is shown
        // instead of the names; a model it names is what is ranked.
        // A related model's column is one value of each ranked row too ("the birth date of
        // the player with the lowest earnings": the player's person's), when nothing of the
        // base's own is said that way.
        let column_of = |n: usize, quantities: bool| {
            let found = |joined: bool| {
                q.names[n]
                    .candidates
                    .iter()
                    .filter(|(_, c)| c.is_some_and(|c| !is_key(c) && (quantities || !is_measure(c))))
                    .filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name))
                    .find(|r| r.joined() == joined && !r.through_current())
                    .cloned()
            };
            found(false).or_else(|| found(true).filter(|_| q.names[n].candidates.iter().all(|(_, c)| c.is_some()))).map(|r| (n, r))
        };
        // Or a column named before the superlative ("the hometown of the youngest", "the money
        // rank of the player with the highest earnings").
        let which_column = s.which_name.and_then(|n| column_of(n, false)).or_else(|| {
            s.head_names
                .iter()
                .copied()
                .filter(|n| !self.used_names.contains(n) && Some(*n) != s.subject_mention && q.names[*n].tokens.end <= at)
                .find_map(|n| column_of(n, true))
        });
        if let Some((n, _)) = &which_column {
            self.used_names.push(*n);
        }
        if let Some(n) = s.which_name
            && (which_column.is_some()
                || q.names[n].candidates.iter().any(|(m, c)| {
                    entity_of(manifest, m, *c).is_some_and(|e| {
                        shown.as_ref().is_some_and(|g| matches!(g, Group::Entity { key, .. } if key.model.name == e.name))
                            || e.name == self.subject.unwrap_or(base).name
                    })
                }))
        {
            self.used_names.push(n);
        }
        match (&which_column, shown) {
            (Some((_, r)), shown) if r.column.name != quantity.column.name => {
                // "The id and name of…": the key said beside the column named.
                if let Some(Group::Entity { key, shown }) = shown
                    && key.model.name == r.model.name
                    && key.column.name != r.column.name
                {
                    self.key_if_said(key, &shown);
                }
                self.select.push(format!("{} AS {}", r.sql(dialect), quote(&r.column.name)));
                self.used.push(r.clone());
            }
            (Some(_), _) => {}
            (None, Some(Group::Entity { key, shown })) => {
                // "The id and name of the museum with the most staff": its key too, when said.
                if !shown.iter().any(|c| c.column.name == key.column.name) {
                    self.key_if_said(key, &shown);
                }
                for c in shown {
                    self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    self.used.push(c);
                }
            }
            // Rows with no key are still shown by their names ("top 5 producers").
            (None, None) if !named_only => {
                for c in self.plan.names_of(self.subject.unwrap_or(base)) {
                    self.select.push(format!("{} AS {}", c.sql(dialect), quote(&c.column.name)));
                    self.used.push(c);
                }
            }
            (None, _) => {}
        }
        if let Some(named) = named_quantity {
            self.select.push(format!("{} AS {}", named.sql(dialect), quote(&named.column.name)));
            self.used.push(named);
        }
        self.select.push(format!("{} AS {}", quantity.sql(dialect), quote(&quantity.column.name)));
        let order = format!("{}{}", quantity.sql(dialect), if desc { " DESC" } else { "" });
        self.claims.push((at, Claim::Keyword));
        if let Some(next) = q.tokens.get(at + 1).filter(|t| t.word == "expensive" || t.word == "paid") {
            let _ = next;
            self.claims.push((at + 1, Claim::Keyword));
        }
        let (start, end) = q.span(at..at + 1);
        self.chips.push(Chip {
            kind: ChipKind::Order,
            label: format!("{} {}", if desc { "highest" } else { "lowest" }, words_of(&quantity.column.name, None)),
            start,
            end,
        });
        self.used.push(quantity);
        Ok(Value { order: Some(order), ..Value::default() })
    }

    /// A thing's key shown, when its id is said of it ("the id and name of the museum…").
    pub(super) fn key_if_said(&mut self, key: Reach<'m>, shown: &[Reach<'m>]) {
        if self.said_of_entity(&key, shown) {
            self.select.push(format!("{} AS {}", key.sql(self.dialect), self.dialect.quote(&key.column.name)));
            self.used.push(key);
        }
    }
}
