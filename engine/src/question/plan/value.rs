//! The value a reading answers with, beside its groups: rows ranked by a quantity ("the
//! longest track"), an average of per-group counts, a count, or an aggregate of the measure;
//! then its ranking with ties kept, order and limit. Lists are in `list`.

use super::{
    Aggregate, Built, Group, Reading, fail,
    group::grain_order,
    sql::{description_words, number_text, where_clause, words_of},
};
use crate::{
    mdl::{Column, Manifest, Model},
    question::{
        Chip, ChipKind,
        entities::stems_of,
        lexicon,
        reach::{Reach, join_condition, joins_for, reachable},
        read::{Claim, Question, column_words, is_date, is_measure, is_sale_verb},
    },
};

/// The value selected beside the groups: its SQL, label and alias, more aggregates of the same
/// measure, or the order of rows ranked by a quantity.
#[derive(Default)]
pub(super) struct Value {
    pub(super) sql: Option<String>,
    pub(super) label: String,
    pub(super) alias: String,
    pub(super) extra: Vec<String>,
    pub(super) order: Option<String>,
}

impl<'m> Reading<'_, 'm> {
    /// The value: an aggregate of the measure, a count, or rows listed.
    pub(super) fn value(mut self) -> Result<Built, Vec<String>> {
        let (q, base, s) = (self.q, self.base, self.s);
        let grouped = !self.group_by.is_empty();
        // Ordering and limit.
        let limit = s.limit_at.map(|(n, _)| n).or(s.order.filter(|(_, at)| !["top", "bottom"].contains(&q.tokens[*at].word.as_str())).map(|_| 1));
        let single_measure_rows = s.aggregate.is_none() && s.order.is_some() && !grouped;
        let measure = self.measure.clone();
        let value = match (s.aggregate, &measure) {
            _ if single_measure_rows => self.ranked_rows()?,
            (Some(Aggregate::Count), _) if s.average_of_counts => return self.average_of_counts(),
            // "The number of concerts in the stadium with the highest capacity": a quantity a
            // superlative ranks by is not dropped for a ranking by how many.
            (Some(Aggregate::Count), Some(m))
                if self.ranks_by_measure() && !self.used.iter().any(|r| r.model.name == m.model.name && r.column.name == m.column.name) =>
            {
                return fail(format!("a count that leaves out the {}", words_of(&m.column.name, None)));
            }
            (Some(Aggregate::Count), _) => self.count(),
            (Some(agg), Some(m)) => self.aggregate(agg, m),
            (Some(agg @ (Aggregate::Sum | Aggregate::Avg)), None)
                if s.subject_mention.is_some() && self.subject.is_some_and(|m| m.name == base.name) && amount_of(base).is_some() =>
            {
                self.amount(agg)?
            }
            (Some(agg), None) => return fail(format!("a {} of something I could not place", agg.label())),
            (None, Some(_)) if !single_measure_rows && grouped => return fail("a quantity with nothing to do with it".into()),
            (None, _) => return self.list(limit),
        };
        self.write(value, limit, single_measure_rows)
    }

    /// An aggregate of the measure, in the unit said, and the other aggregates said beside it.
    fn aggregate(&mut self, agg: Aggregate, m: &Reach<'m>) -> Value {
        let (dialect, q, s) = (self.dialect, self.q, self.s);
        let quote = |n: &str| dialect.quote(n);
        let mut label = match agg {
            // "The invoice total", summed: not "total invoice total".
            Aggregate::Sum if stems_of(&m.column.name).iter().any(|w| w == "total") => words_of(&m.column.name, Some(m.model)),
            _ => format!("{} {}", agg.label(), words_of(&m.column.name, Some(m.model))),
        };
        // "Length in minutes" of milliseconds: converted.
        let said_unit = q
            .tokens
            .iter()
            .enumerate()
            .find(|(i, t)| ["minute", "second", "hour"].contains(&t.stem.as_str()) && q.claims[*i].is_none_or(|c| matches!(c, Claim::Name(_))));
        let words: Vec<String> = column_words(m.column).into_iter().chain(description_words(m.column)).collect();
        let factor = said_unit.and_then(|(_, t)| lexicon::convert(&t.stem, &words)).filter(|f| *f != 1.0);
        let sql = Some(match factor {
            Some(f) => format!("{}({}) / {}", agg.function(), m.sql(dialect), number_text(f)),
            None => format!("{}({})", agg.function(), m.sql(dialect)),
        });
        if let (Some((i, t)), Some(_)) = (said_unit, factor) {
            self.claims.push((i, Claim::Keyword));
            // Said in the unit it was converted to: "average minutes".
            label = format!("{} {}s", agg.label(), t.stem);
        }
        // "The average, minimum and maximum age": the other aggregates of the measure.
        let mut extra_select: Vec<String> = Vec::new();
        let mut extra_seen = vec![agg];
        for (i, t) in q.tokens.iter().enumerate() {
            let extra = match t.word.as_str() {
                "minimum" | "min" | "lowest" | "smallest" => Aggregate::Min,
                "maximum" | "max" | "highest" | "largest" | "biggest" => Aggregate::Max,
                "average" | "avg" | "mean" => Aggregate::Avg,
                "total" | "sum" => Aggregate::Sum,
                _ => continue,
            };
            if q.claims[i].is_some() && !matches!(q.claims[i], Some(Claim::Keyword)) || extra_seen.contains(&extra) || s.order.is_some_and(|(_, at)| at == i) {
                continue;
            }
            extra_seen.push(extra);
            let label = format!("{} {}", extra.label(), words_of(&m.column.name, Some(m.model)));
            extra_select.push(format!("{}({}) AS {}", extra.function(), m.sql(dialect), quote(&label.replace(' ', "_"))));
            self.chips.push(Chip { kind: ChipKind::Measure, label, start: t.start, end: t.end });
            self.claims.push((i, Claim::Keyword));
        }
        let alias = quote(&label.replace(' ', "_"));
        self.used.push(m.clone());
        claim_keywords(q, &mut self.claims, &["total", "sum", "average", "avg", "mean", "averaged"]);
        Value { sql, label, alias, extra: extra_select, order: None }
    }

    /// "Total gift card payments": the amount of the rows totalled.
    fn amount(&mut self, agg: Aggregate) -> Result<Value, Vec<String>> {
        let (dialect, q, base) = (self.dialect, self.q, self.base);
        let quote = |n: &str| dialect.quote(n);
        let m =
            self.plan.find(&base.name, &amount_of(base).map(|c| c.name.clone()).unwrap_or_default()).cloned().ok_or_else(|| vec!["no amount".to_owned()])?;
        let label = format!("{} {}", agg.label(), words_of(&m.column.name, Some(m.model)));
        let sql = Some(format!("{}({})", agg.function(), m.sql(dialect)));
        let alias = quote(&label.replace(' ', "_"));
        self.used.push(m);
        claim_keywords(q, &mut self.claims, &["total", "sum", "average", "avg", "mean", "averaged"]);
        Ok(Value { sql, label, alias, ..Value::default() })
    }

    /// For a count ranked from the fewest, grouped by one related model reached in one step
    /// (the groups' model from the counted one): the FROM that reads the groups with the counted rows
    /// joined to them (conditions on the counted rows in the join), and what to count in
    /// place of `COUNT(*)`, so a group with no rows counts 0 instead of being left out.
    /// `None` when the reading is not of that shape (a condition on a third model, a
    /// counted model without a key, more than one step).
    fn counted_from_groups(&self) -> Option<(String, String)> {
        let (dialect, base) = (self.dialect, self.base);
        let quote = |n: &str| dialect.quote(n);
        // The base's own columns are read only by conditions (a date range); the groups are of
        // the one model.
        let joined: Vec<&Reach<'m>> = self.used.iter().filter(|r| r.joined()).collect();
        let (relationship, group) = match joined.first()?.path.as_slice() {
            [(relationship, group)] => (*relationship, *group),
            _ => return None,
        };
        if joined.iter().any(|r| r.path.len() != 1 || r.path[0].0.name != relationship.name || r.through_current()) {
            return None;
        }
        let key = base.primary_key.as_deref().and_then(|k| base.column(k))?;
        let (of_base, of_group) = (format!("{}.", quote(&base.name)), format!("{}.", quote(&group.name)));
        if self.select.iter().any(|item| item.contains(&of_base)) {
            return None;
        }
        let mut on = vec![join_condition(&relationship.condition, dialect)];
        for condition in &self.conditions {
            match (condition.contains(&of_base), condition.contains(&of_group)) {
                (true, false) => on.push(format!("({condition})")),
                (false, true) => {}
                _ => return None,
            }
        }
        let from = format!("{} LEFT JOIN {} ON {}", quote(&group.name), quote(&base.name), on.join(" AND "));
        Some((from, format!("COUNT({}.{})", quote(&base.name), quote(&key.name))))
    }

    /// The SQL of the value beside the groups, ranked, ordered and limited.
    fn write(mut self, mut value: Value, limit: Option<u32>, single_measure_rows: bool) -> Result<Built, Vec<String>> {
        let (dialect, q, base, s) = (self.dialect, self.q, self.base, self.s);
        let quote = |n: &str| dialect.quote(n);
        let grouped = !self.group_by.is_empty();
        if let Some(sql) = &value.sql {
            self.select.push(format!("{sql} AS {}", value.alias));
            self.select.append(&mut value.extra);
            self.chips.insert(0, Chip { kind: ChipKind::Measure, label: value.label.clone(), start: 0, end: 0 });
        }
        if s.aggregate.is_some() || value.sql.is_some() {
            claim_keywords(q, &mut self.claims, &["by", "per", "each", "every"]);
        }

        // A superlative without a number ("the longest track", "which album has the most
        // tracks") is the top row, ties kept: ranked, and every row of the first rank.
        let ties = s.limit_at.is_none() && limit.is_some();
        let rank_by = match (&value.order, &value.sql, s.order) {
            (Some(order), _, _) => Some(order.clone()),
            (None, Some(value_sql), Some((desc, _))) if grouped => Some(format!("{value_sql}{}", if desc { " DESC" } else { "" })),
            _ => None,
        };
        let ascending = rank_by.as_ref().is_some_and(|r| !r.ends_with(" DESC")) || !ties && s.order.is_some_and(|(desc, _)| !desc);
        let from_groups = if ascending && grouped && value.sql.as_deref() == Some("COUNT(*)") { self.counted_from_groups() } else { None };
        let mut sql = match &from_groups {
            // "Which X has the fewest Y": the fewest may be none, so the
            // Xs are read, each with how many Ys it has (0 for none).
            Some((from, count)) => {
                let select: Vec<String> = self.select.iter().map(|item| item.replacen("COUNT(*)", count, 1)).collect();
                format!("SELECT {} FROM {from}", select.join(", "))
            }
            None => format!("SELECT {} FROM {}{}", self.select.join(", "), quote(&base.name), joins_for(&self.used.iter().collect::<Vec<_>>(), dialect)),
        };
        let rank_by = match (&from_groups, rank_by) {
            (Some((_, count)), Some(rank_by)) => Some(rank_by.replacen("COUNT(*)", count, 1)),
            (_, rank_by) => rank_by,
        };
        if from_groups.is_some() {
            // The conditions went into the FROM: those on the groups stay, as WHERE.
            let group_model = self.used.iter().find(|r| r.joined()).map(|r| r.model.name.clone()).unwrap_or_default();
            self.conditions.retain(|c| !c.contains(&format!("{}.", quote(&base.name))) && c.contains(&format!("{}.", quote(&group_model))));
        }
        if ties && let Some(rank_by) = &rank_by {
            sql = sql.replacen("SELECT ", &format!("SELECT RANK() OVER (ORDER BY {rank_by}) AS {}, ", quote("rank")), 1);
        }
        if !self.conditions.is_empty() {
            sql.push_str(&format!(" WHERE {}", where_clause(&self.conditions)));
        }
        if grouped {
            sql.push_str(&format!(" GROUP BY {}", self.group_by.join(", ")));
        }
        if ties && let Some(rank_by) = rank_by {
            let aliases: Vec<&str> = self.select.iter().filter_map(|item| item.rsplit_once(" AS ").map(|(_, alias)| alias)).collect();
            let (start, end) = s.order.map(|(_, at)| q.span(at..at + 1)).unwrap_or_default();
            if let Some((_, at)) = s.order {
                self.claims.push((at, Claim::Keyword));
            }
            self.chips.push(Chip {
                kind: ChipKind::Order,
                label: if rank_by.ends_with("DESC") { "the highest".into() } else { "the lowest".into() },
                start,
                end,
            });
            if s.order.is_some() && !grouped && value.sql.is_some() && value.order.is_none() {
                return fail("an order with nothing to rank".into());
            }
            // "The age of the oldest dog": the one value, however many share it.
            let distinct = if single_measure_rows && aliases.len() == 1 { "DISTINCT " } else { "" };
            let sql = format!("SELECT {distinct}{} FROM ({sql}) AS {} WHERE {} = 1", aliases.join(", "), quote("ranked"), quote("rank"));
            self.claim_used();
            return self.done(sql);
        }
        // A sort beside a ranking ("top 5 by sales, sorted by name") is not read, but one that
        // says the ranking's own way again ("top 5 … in descending order").
        let ranking = value.order.is_some() || s.order.is_some() || limit.is_some();
        let sort = match &s.sort {
            Some(sort) if ranking && sort.implicit && !sort.alphabetical && s.order.is_some_and(|(desc, _)| desc == sort.desc) => {
                self.claims.extend(sort.claimed.iter().map(|&i| (i, Claim::Keyword)));
                None
            }
            Some(_) if ranking => return fail("a sort beside a ranking".into()),
            sort => sort.as_ref(),
        };
        if let Some(sort) = sort {
            // "…in each document, ordered by document id": a sort said on what the rows are
            // grouped by; never dropped.
            let grouped_by = q.names[sort.mention]
                .candidates
                .iter()
                .filter_map(|(m, c)| self.plan.find(&m.name, &(*c)?.name))
                .find(|r| self.group_by.contains(&r.sql(dialect)))
                .map(|r| (r.sql(dialect), words_of(&r.column.name, None)));
            // Or by a thing grouped by: its id when "id" follows, else its name ("ordered by
            // document id").
            let mention = &q.names[sort.mention];
            let id_after = q.tokens.get(mention.tokens.end).is_some_and(|t| t.word == "id");
            let grouped_by = grouped_by.or_else(|| {
                mention.candidates.iter().filter(|(_, c)| c.is_none()).find_map(|(m, _)| {
                    self.groups.iter().find_map(|(g, _)| match g {
                        Group::Entity { key, shown } if key.model.name == m.name => {
                            let by = if id_after { Some(key) } else { shown.first() }?;
                            Some((by.sql(dialect), words_of(&by.column.name, None)))
                        }
                        _ => None,
                    })
                })
            });
            if id_after && grouped_by.is_some() {
                self.claims.push((mention.tokens.end, Claim::Keyword));
            }
            // Or by the value itself ("average salary by department, sorted by salary"; "the
            // number of orchestras per format in ascending order").
            // Only a value that aggregates what the sort names (a count does not sort by salary),
            // and never alphabetically.
            let aggregates_it = self.measure.as_ref().zip(value.sql.as_ref()).is_some_and(|(m, sql)| sql.contains(&m.sql(dialect)));
            let by_value = ((Some(sort.mention) == s.measure_mention && aggregates_it || sort.implicit && !sort.alphabetical) && value.sql.is_some())
                .then(|| (value.alias.clone(), value.label.clone()));
            let grouped_by = if sort.implicit && !sort.alphabetical { None } else { grouped_by };
            let Some((by, words)) = grouped_by.or(by_value) else {
                return fail("a sort I could not place".into());
            };
            sql.push_str(&format!(" ORDER BY {by}{}", if sort.desc { " DESC" } else { "" }));
            self.used_names.push(sort.mention);
            self.claims.extend(sort.claimed.iter().map(|&i| (i, Claim::Keyword)));
            let (start, end) = q.span(sort.claimed[0]..sort.claimed[sort.claimed.len() - 1] + 1);
            let label = format!("sorted by {words}{}", if sort.desc { ", highest first" } else { "" });
            self.chips.push(Chip { kind: ChipKind::Order, label, start, end });
        } else if let Some(order) = value.order {
            sql.push_str(&format!(" ORDER BY {order}"));
        } else if let (Some((desc, at)), true) = (s.order, grouped && value.sql.is_some()) {
            // Equal values in the order of their names, so the same question gives the same rows.
            let then: Vec<String> = self
                .groups
                .iter()
                .filter_map(|(g, _)| match g {
                    Group::Entity { shown, .. } => shown.first().map(|c| c.sql(dialect)),
                    Group::Column(r) => Some(r.sql(dialect)),
                    Group::Grain(..) => None,
                })
                .collect();
            sql.push_str(&format!(" ORDER BY {}{}", value.alias, if desc { " DESC" } else { " ASC" }));
            for t in then {
                sql.push_str(&format!(", {t}"));
            }
            self.claims.push((at, Claim::Keyword));
            let (start, end) = q.span(at..at + 1);
            self.chips.push(Chip { kind: ChipKind::Order, label: if desc { "highest first".into() } else { "lowest first".into() }, start, end });
        } else if let Some(keys) = grain_order(&self.groups, dialect, q) {
            sql.push_str(&format!(" ORDER BY {keys}"));
        } else if grouped && value.sql.is_some() {
            sql.push_str(&format!(" ORDER BY {} DESC", value.alias));
        }
        if let Some(n) = limit {
            if s.order.is_none() && s.limit_at.is_none() {
                return fail("a limit without an order".into());
            }
            sql.push_str(&format!(" LIMIT {n}"));
            if let Some((_, at)) = s.limit_at {
                self.claims.push((at, Claim::Keyword));
                claim_limit_word(q, at, &mut self.claims);
                let (start, end) = q.span(at..at + 1);
                self.chips.push(Chip { kind: ChipKind::Limit, label: format!("top {n}"), start, end });
            }
        }
        if s.order.is_some() && !grouped && value.sql.is_some() && !single_measure_rows {
            // "Which X has the most" with nothing grouped would rank one row.
            return fail("an order with nothing to rank".into());
        }
        self.claim_used();
        self.done(sql)
    }

    /// "Bought", "date" and the names the reading used, claimed.
    pub(super) fn claim_used(&mut self) {
        claim_sale_verbs(self.manifest, self.q, self.base, &self.used, &mut self.claims);
        claim_names(self.q, &self.used_names, &mut self.claims);
    }

    /// The reading's SQL, unless the question asks "where" and the reading shows no place.
    pub(super) fn done(self, sql: String) -> Result<Built, Vec<String>> {
        if asks_place(self.q) && !self.used.iter().any(|r| place_column(r.column)) {
            return fail("\"where\" asks for a place the reading does not show".into());
        }
        Ok((sql, self.chips, self.claims))
    }
}

/// The one money column of a model's rows (a payment's amount), if it has exactly one.
fn amount_of(model: &Model) -> Option<&Column> {
    let money: Vec<&Column> = model
        .columns
        .iter()
        .filter(|c| is_measure(c) && stems_of(&c.name).iter().any(|w| ["amount", "total", "price", "value"].contains(&w.as_str())))
        .collect();
    match money.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// "Where is the youngest teacher from?": a question that asks for a place.
fn asks_place(q: &Question) -> bool {
    q.tokens.first().is_some_and(|t| t.word == "where")
}

/// A column that says where something is: a city, country, location, address, hometown.
fn place_column(column: &Column) -> bool {
    stems_of(&column.name).iter().any(|w| {
        ["city", "country", "location", "hometown", "address", "place", "state", "region", "town", "venue", "home", "nationality", "continent"]
            .contains(&w.as_str())
    })
}

/// "Bought", "sold": said of a reading over sales (a model with a quantity or an amount).
fn claim_sale_verbs(manifest: &Manifest, q: &Question, base: &Model, used: &[Reach<'_>], claims: &mut Vec<(usize, Claim)>) {
    let sale = |m: &Model| m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| ["quantity", "total", "amount"].contains(&w.as_str())));
    // "What media types do we sell": what the lines of a sale refer to is what is sold.
    let sold = || {
        manifest.models.iter().any(|m| {
            m.columns.iter().any(|c| stems_of(&c.name).iter().any(|w| w == "quantity"))
                && reachable(manifest, m).iter().any(|r| r.model.name == base.name && !r.through_current())
        })
    };
    if sale(base) || used.iter().any(|r| sale(r.model)) || q.tokens.iter().any(|t| is_sale_verb(&t.word)) && sold() {
        for (i, t) in q.tokens.iter().enumerate() {
            if is_sale_verb(&t.word) {
                claims.push((i, Claim::Keyword));
            }
        }
    }
    // "a delivery date": the word "date" of a date the reading reads.
    if used.iter().any(|r| is_date(r.column)) {
        for (i, t) in q.tokens.iter().enumerate() {
            if t.word == "date" && q.claims[i].is_none() {
                claims.push((i, Claim::Keyword));
            }
        }
    }
}

/// "Top 5", "the first 10": the word before a limit's number says it.
pub(super) fn claim_limit_word(q: &Question, at: usize, claims: &mut Vec<(usize, Claim)>) {
    if at > 0 && ["top", "bottom", "first", "last"].contains(&q.tokens[at - 1].word.as_str()) {
        claims.push((at - 1, Claim::Keyword));
    }
}

fn claim_names(q: &Question, used: &[usize], claims: &mut Vec<(usize, Claim)>) {
    for &n in used {
        for i in q.names[n].tokens.clone() {
            claims.push((i, Claim::Name(n)));
        }
    }
}

pub(super) fn claim_keywords(q: &Question, claims: &mut Vec<(usize, Claim)>, words: &[&str]) {
    for (i, t) in q.tokens.iter().enumerate() {
        if words.contains(&t.word.as_str()) {
            claims.push((i, Claim::Keyword));
        }
    }
}
