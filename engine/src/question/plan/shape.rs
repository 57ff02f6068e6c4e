//! The shape of a question, read from its words before any model is tried as the base: what
//! it counts, measures, groups, orders and limits, what it is about, and the models a reading
//! may start from.

use super::{Aggregate, DISTINCT_WORDS, Grain, Shape};
use crate::{
    mdl::{Column, Manifest, Model},
    question::{
        entities::{ends_validity, entity_of, fk_target, person_like, refers},
        lexicon,
        read::{Claim, NameMention, Question, is_current, is_date, is_measure, is_negation, is_sale_verb, model_words, names, ordering},
        vocabulary::name_stems,
    },
};

fn grain_of(word: &str) -> Option<Grain> {
    Some(match word {
        "day" | "days" | "daily" | "date" => Grain::Day,
        "week" | "weeks" | "weekly" => Grain::Week,
        "month" | "months" | "monthly" => Grain::Month,
        "quarter" | "quarters" | "quarterly" => Grain::Quarter,
        "year" | "years" | "yearly" | "annually" | "annual" => Grain::Year,
        "weekday" | "weekdays" => Grain::Weekday,
        _ => return None,
    })
}

const GROUP_MARKERS: &[&str] = &["by", "per", "each", "every"];
const COUNT_WORDS: &[&str] = &["count", "headcount"];
const PEOPLE: &[&str] = &["people", "person", "persons", "someone", "everyone", "whom", "somebody", "anybody"];

/// A word the reading uses as structure, unless a name or value took it ("invoice total").
fn has(q: &Question, w: &str) -> bool {
    q.tokens.iter().zip(&q.claims).any(|(t, c)| t.word == w && !matches!(c, Some(Claim::Name(_) | Claim::Value(_))))
}

/// The shape of the question; the words it reads as structure (a sort, an order) are claimed.
pub(super) fn shape_of<'m>(manifest: &'m Manifest, q: &mut Question<'m>) -> Shape<'m> {
    let words: Vec<String> = q.tokens.iter().map(|t| t.word.clone()).collect();
    let pair = |a: &str, b: &str| words.windows(2).any(|p| p[0] == a && p[1] == b);
    let count = pair("how", "many") || pair("number", "of") || words.iter().any(|w| COUNT_WORDS.contains(&w.as_str()));
    let distinct = words.iter().any(|w| DISTINCT_WORDS.contains(&w.as_str()));
    let mut averaged = has(q, "average") || has(q, "avg") || has(q, "mean") || has(q, "averaged");
    let negated = words.iter().position(|w| is_negation(w));
    // "Headcount" is people employed now.
    let current =
        words.iter().any(|w| is_current(w)) || (words.iter().any(|w| w == "headcount") && manifest.models.iter().any(|m| m.columns.iter().any(ends_validity)));

    // Where groupings are said: after "by", "per", "each", "every", and "which X"/"top N X".
    // "Ordered by age descending", "sorted by name": a sort, not a grouping.
    let sort_words = ["order", "ordered", "sort", "sorted", "rank", "ranked", "arranged", "list", "listed"];
    // "Ordered by age", "in descending order of age", "sorted by name from the oldest to the
    // youngest": the column after "by" or "order of", and the direction said anywhere.
    let directions = ["descending", "ascending", "desc", "asc", "decreasing", "increasing", "alphabetically"];
    let sort_by = words.iter().enumerate().position(|(i, w)| {
        (w == "by"
            && i > 0
            && (sort_words.contains(&words[i - 1].as_str())
                || (i > 1 && directions.contains(&words[i - 1].as_str()) && sort_words.contains(&words[i - 2].as_str()))))
            || (w == "of" && i > 0 && words[i - 1] == "order")
    });
    let sort: Option<(usize, bool, Vec<usize>)> = sort_by.and_then(|by| {
        let n = q.names.iter().position(|m| m.tokens.start == by + 1 || (m.tokens.start == by + 2 && words[by + 1] == "the"))?;
        let mut used = vec![by - 1, by];
        let mut desc = false;
        for (i, w) in words.iter().enumerate() {
            let direction = match w.as_str() {
                "descending" | "desc" | "decreasing" | "reverse" => Some(true),
                "ascending" | "asc" | "increasing" | "alphabetical" | "alphabetically" => Some(false),
                _ => None,
            };
            if let Some(d) = direction {
                desc = d;
                used.push(i);
                for j in [i.wrapping_sub(1), i + 1] {
                    if words.get(j).is_some_and(|x| ["in", "order", "the"].contains(&x.as_str())) {
                        used.push(j);
                    }
                }
            }
            // "from the oldest to the youngest", "from highest to lowest".
            if w == "from"
                && let Some(first) = (i + 1..(i + 3).min(words.len())).find(|&j| ordering(&words[j]).is_some())
                && let Some(to) = (first + 1..(first + 4).min(words.len())).find(|&j| words[j] == "to")
                && let Some(last) = (to + 1..(to + 3).min(words.len())).find(|&j| ordering(&words[j]).is_some())
            {
                desc = ordering(&words[first]) == Some(true);
                used.extend(i..=last);
            }
        }
        for (i, w) in words.iter().enumerate() {
            if ["order", "sort", "sorted", "ordered"].contains(&w.as_str()) && !used.contains(&i) {
                used.push(i);
            }
        }
        Some((n, desc, used))
    });
    if let Some((_, _, used)) = &sort {
        for &i in used {
            q.claims[i] = Some(Claim::Keyword);
        }
    }
    let marker_at: Vec<usize> = words.iter().enumerate().filter(|(i, w)| GROUP_MARKERS.contains(&w.as_str()) && Some(*i) != sort_by).map(|(i, _)| i).collect();
    let which_at = words.iter().position(|w| w == "which" || w == "what" || w == "top" || w == "bottom");
    // Ordering words and a limit.
    let mut order: Option<(bool, usize)> = None;
    for (i, w) in words.iter().enumerate() {
        if q.claims[i].is_some() {
            continue;
        }
        if let Some(desc) = ordering(w) {
            // "Top 5 highest-paid": the adjective after "top" says by what, and which way.
            if order.is_some_and(|(_, at)| ["top", "bottom"].contains(&words[at].as_str())) {
                order = Some((desc, i));
                break;
            }
            order = Some((desc, i));
            if !["top", "bottom"].contains(&w.as_str()) {
                break;
            }
        }
    }
    let limit_at = words.iter().enumerate().find_map(|(i, _)| {
        let t = &q.tokens[i];
        let n = t.number.filter(|n| n.fract() == 0.0 && *n >= 1.0 && *n <= 1000.0 && q.claims[i].is_none())?;
        let before = i.checked_sub(1).map(|b| words[b].as_str());
        (matches!(before, Some("top" | "bottom" | "which" | "the" | "what" | "first" | "last")) && q.tokens.get(i + 1).is_some_and(|t| !t.money))
            .then_some((n as u32, i))
    });

    // Name mentions: for grouping (after a marker, or named by "which"/"top N"), else the head.
    let group_mention = |start: usize, q: &Question| -> bool {
        marker_at.iter().any(|&m| {
            m < start && {
                // Nothing but names, "and", "the", another marker or a grain between.
                (m + 1..start).all(|i| {
                    matches!(q.claims[i], Some(Claim::Name(_)))
                        || ["and", "the", "each", "every", "per", "by", "of"].contains(&words[i].as_str())
                        || grain_of(&words[i]).is_some()
                })
            }
        })
    };
    let mut grouped_names: Vec<usize> = Vec::new();
    let mut head_names: Vec<usize> = Vec::new();
    for (index, mention) in q.names.iter().enumerate() {
        if sort.as_ref().is_some_and(|(n, _, _)| *n == index) {
            continue;
        }
        if group_mention(mention.tokens.start, q) {
            grouped_names.push(index);
        } else {
            head_names.push(index);
        }
    }
    super::named_twice::one_grouping_each(q, &mut grouped_names, &head_names);
    // "The best-selling product in Germany by units": after a superlative, "by" a quantity
    // says what ranks the thing named, not a grouping.
    if words.iter().any(|w| ordering(w).is_some()) && !head_names.is_empty() {
        let ranking: Vec<usize> = grouped_names
            .iter()
            .copied()
            .filter(|&n| q.names[n].candidates.iter().all(|(_, c)| c.is_some_and(is_measure)) && n == *grouped_names.last().unwrap_or(&n))
            .collect();
        grouped_names.retain(|n| !ranking.contains(n));
        head_names.extend(ranking);
    }
    // "which customer…", "top 5 artists…": the first name after it is grouped by (or listed).
    let mut which_name: Option<usize> = None;
    if let Some(at) = which_at {
        which_name = head_names.iter().copied().find(|&n| {
            let s = q.names[n].tokens.start;
            let relative = words.get(q.names[n].tokens.end).is_some_and(|w| ["that", "which", "who", "with", "has", "had", "have"].contains(&w.as_str()));
            s > at
                && (at + 1..s).all(|i| {
                    q.claims[i].is_none()
                        && (words[i] == "the"
                            || order.is_some() && relative && ["is", "are", "was", "were"].contains(&words[i].as_str())
                            || q.tokens[i].number.is_some()
                            || ordering(&words[i]).is_some()
                            || lexicon::superlative_quantity(&words[i]).is_some())
                })
        });
    }
    // "the 2 media types with the fewest tracks": what the number counts is ranked.
    if which_name.is_none()
        && let Some((_, at)) = limit_at
    {
        which_name = head_names.iter().copied().find(|&n| q.names[n].tokens.start == at + 1);
    }
    // "The customer with the most orders", "the name of the product with the highest price":
    // what comes just before "with" (or "having", "that has") and a superlative is what is
    // ranked, as after "which".
    if which_name.is_none()
        && let Some((_, at)) = order
    {
        which_name = head_names.iter().copied().find(|&n| {
            let mention = &q.names[n];
            let mut j = mention.tokens.end;
            let joined = match words.get(j).map(String::as_str) {
                Some("with" | "having") => 1,
                Some("that" | "which" | "who") if words.get(j + 1).is_some_and(|w| ["has", "have", "had"].contains(&w.as_str())) => 2,
                _ => 0,
            };
            j += joined;
            if words.get(j).is_some_and(|w| w == "the") {
                j += 1;
            }
            joined > 0 && j == at && mention.candidates.iter().any(|(_, c)| c.is_none_or(|c| !is_measure(c)))
        });
    }
    // "Who…": a person.
    let who = words.first().is_some_and(|w| w == "who" || w == "who's");

    // Time grains after a marker ("by month", "per quarter", "for each quarter of 2022").
    let mut grains: Vec<(Grain, usize)> = Vec::new();
    // "by day of the week", "the busiest day of the week": a weekday, its words claimed.
    for i in 0..words.len() {
        let said: Vec<&str> = words[i..].iter().take(4).map(String::as_str).collect();
        let len = match said.as_slice() {
            ["day", "of", "the", "week", ..] => 4,
            ["day", "of", "week", ..] => 3,
            _ => continue,
        };
        if (i..i + len).all(|j| q.claims[j].is_none()) {
            grains.push((Grain::Weekday, i));
            for j in i + 1..i + len {
                q.claims[j] = Some(Claim::Keyword);
            }
        }
    }
    for (i, w) in words.iter().enumerate() {
        if q.claims[i].is_none()
            && !grains.iter().any(|(g, at)| *g == Grain::Weekday && *at == i)
            && let Some(g) = grain_of(w)
            && i > 0
            && (GROUP_MARKERS.contains(&words[i - 1].as_str())
                || words[i - 1] == "and" && i > 1 && grain_of(&words[i - 2]).is_none() && marker_at.iter().any(|&m| m < i))
        {
            grains.push((g, i));
        }
    }

    // "The best reviews", "the worst-rated products": quality is the average of a score, never
    // a count. The thing named after the superlative is read as its one score column; with no
    // such column the superlative stays unplaced (a count would answer another question).
    let mut unmeasured_quality = false;
    if let Some((_, at)) = order
        && lexicon::QUALITY.contains(&words[at].as_str())
        && !words.get(at + 1).is_some_and(|w| is_sale_verb(w) || w.starts_with("sell"))
    {
        let named = q.names.iter().position(|m| m.tokens.start == at + 1 || m.tokens.start == at + 2 && words[at + 1] == "rated");
        let score = named.and_then(|n| {
            let scores: Vec<(&Model, &Column)> = q.names[n]
                .candidates
                .iter()
                .filter(|(_, c)| c.is_none())
                .flat_map(|(m, _)| m.columns.iter().filter(|c| is_measure(c) && lexicon::is_score(c)).map(move |c| (*m, c)))
                .collect();
            match scores.as_slice() {
                [(m, c)] => Some((n, *m, *c)),
                _ => None,
            }
        });
        match score {
            Some((n, m, c)) => {
                q.names[n].candidates = vec![(m, Some(c))];
                averaged = true;
            }
            None => unmeasured_quality = true,
        }
    }

    // The aggregate.
    let measured_words = |w: &str| matches!(w, "total" | "sum" | "average" | "avg" | "mean" | "averaged");
    let mut aggregate = if averaged {
        Some(Aggregate::Avg)
    } else if count {
        Some(Aggregate::Count)
    } else if has(q, "total") || has(q, "sum") {
        Some(Aggregate::Sum)
    } else {
        None
    };
    // "The maximum weight for each type": an aggregate per group, not an order.
    if aggregate.is_none()
        && which_name.is_none()
        && limit_at.is_none()
        && (!grouped_names.is_empty() || !grains.is_empty())
        && let Some((desc, at)) = order
        && ["maximum", "max", "minimum", "min", "highest", "lowest", "largest", "smallest"].contains(&words[at].as_str())
        && q.names.iter().any(|m| m.tokens.start == at + 1 && m.candidates.iter().any(|(_, c)| c.is_some_and(is_measure)))
    {
        aggregate = Some(if desc { Aggregate::Max } else { Aggregate::Min });
        order = None;
        q.claims[at] = Some(Claim::Keyword);
    }
    // "The average and maximum age for each type": "maximum" beside another aggregate is one
    // more aggregate, grouped or not.
    if aggregate.is_some()
        && which_name.is_none()
        && limit_at.is_none()
        && order.is_some_and(|(_, at)| ["maximum", "max", "minimum", "min"].contains(&words[at].as_str()))
    {
        order = None;
    }
    // Nothing grouped, nothing ranked: "minimum" and "maximum" beside an aggregate are more
    // aggregates of the same measure, not an order.
    if aggregate.is_some() && grouped_names.is_empty() && grains.is_empty() && which_name.is_none() && limit_at.is_none() && !who {
        order = None;
    }
    // "average number of X per Y": an average of counts.
    let mut average_of_counts = averaged && count;
    if average_of_counts {
        aggregate = Some(Aggregate::Count);
    }

    // "The most flights": of a model named with a column of its own name (a flight number), a
    // count of its rows, not the column ranked. "The highest salary" still ranks the column.
    // ("Who earns the most": a quantity said before the superlative is ranked.)
    let counted_at = order.filter(|(_, at)| aggregate.is_none() && ["most", "fewest", "least"].contains(&words[*at].as_str())).map(|(_, at)| at + 1);
    // Measure: a numeric column named in the head (or after "by" in "top 5 X by revenue").
    let measure_mention = q
        .names
        .iter()
        .enumerate()
        .filter(|(i, _)| !grouped_names.contains(i) || which_name.is_some() || limit_at.is_some())
        // What follows "no"/"never" is a condition, not the measure; so is what a comparison
        // compares ("drafted before 2010", "salary between …").
        .filter(|(_, m)| negated.is_none_or(|at| m.tokens.start < at))
        .filter(|(_, m)| {
            !q.comparisons.iter().any(|c| {
                c.tokens.iter().min().is_some_and(|&first| first == m.tokens.end || first == m.tokens.end + 1)
                    || c.tokens.iter().max().is_some_and(|&last| last + 1 == m.tokens.start)
            })
        })
        .find(|(i, m)| {
            Some(*i) != which_name
                && m.candidates.iter().any(|(model, c)| {
                    c.is_some_and(|c| is_measure(c) && !refers(manifest, model, c) && !(counted_at == Some(m.tokens.start) && designates(m, model, c)))
                })
        })
        .map(|(i, _)| i);
    // "The worst average delay": of a quantity worse the higher it is, the worst is the highest.
    if let Some((desc, at)) = order
        && lexicon::QUALITY.contains(&words[at].as_str())
        && let Some(m) = measure_mention
        && q.names[m].candidates.iter().all(|(_, c)| c.is_some_and(lexicon::worse_when_higher))
    {
        order = Some((!desc, at));
    }
    // "How many units…": a quantity counted is a quantity summed.
    if aggregate == Some(Aggregate::Count)
        && !averaged
        && let Some(m) = measure_mention
        && q.names[m].tokens.start > 0
        && ["many", "of"].contains(&words[q.names[m].tokens.start - 1].as_str())
        // A quantity, not a model (a text column of the same name elsewhere is not it).
        && q.names[m].candidates.iter().all(|(_, c)| c.is_some())
        // "players weighing…" counts players: the run names its model too.
        && !q.names[m].candidates.iter().any(|(model, _)| q.names[m].tokens.clone().any(|i| model_words(model).iter().any(|w| names(&q.tokens[i].stem, w))))
    {
        q.names[m].candidates.retain(|(_, c)| c.is_some_and(is_measure));
        aggregate = Some(Aggregate::Sum);
    }
    // "The average number of seats": a quantity said after "average number of" is averaged,
    // not the rows of each group counted.
    if average_of_counts
        && let Some(m) = measure_mention
        && q.names[m].tokens.start > 0
        && words[q.names[m].tokens.start - 1] == "of"
        && q.names[m].candidates.iter().all(|(_, c)| c.is_some_and(is_measure))
        && !q.names[m].candidates.iter().any(|(model, _)| q.names[m].tokens.clone().any(|i| model_words(model).iter().any(|w| names(&q.tokens[i].stem, w))))
    {
        aggregate = Some(Aggregate::Avg);
        average_of_counts = false;
    }
    // A sum is what "revenue", "sales", "spent" mean without an aggregate word.
    if aggregate.is_none()
        && let Some(m) = measure_mention
    {
        let said: Vec<&str> = q.names[m].tokens.clone().map(|i| q.tokens[i].stem.as_str()).collect();
        // "The invoice total for each quarter" is summed; "the highest invoice total" is one.
        let a_total = said.iter().any(|w| ["total", "amount"].contains(w)) && !(grouped_names.is_empty() && grains.is_empty());
        // "Which state has the fewest people": a quantity said right after a counting
        // superlative is summed per the column ranked ("the conductor with the most years"
        // ranks the conductors' own rows).
        let counted_most = order.is_some_and(|(_, at)| ["most", "fewest", "least"].contains(&words[at].as_str()) && at + 1 == q.names[m].tokens.start)
            && which_name.is_some_and(|n| q.names[n].candidates.iter().all(|(_, c)| c.is_some()));
        let sum_like = a_total
            || counted_most
            || said.iter().any(|w| {
                ["revenue", "sale", "income", "turnover", "spent", "spend", "money", "payroll", "point", "unit", "win", "attendance", "value"].contains(w)
            });
        // "The most points in a single game": one row's points, not a sum.
        let in_one_event = words.windows(2).enumerate().any(|(i, w)| w[0] == "single" && q.names.iter().any(|m| m.tokens.start == i + 1));
        if sum_like
            && !in_one_event
            && (order.is_some()
                || !grouped_names.is_empty()
                || !grains.is_empty()
                || which_name.is_some()
                || q.values.len() + usize::from(q.time.is_some()) > 0)
        {
            aggregate = Some(Aggregate::Sum);
        }
        // "The highest invoice total".
        if aggregate.is_none()
            && which_name.is_none()
            && grouped_names.is_empty()
            && let Some((desc, at)) = order
            && words[at] != "top"
            && words[at] != "bottom"
            && limit_at.is_none()
            && !who
            && has(q, "what")
            && (at + 1 == q.names[m].tokens.start || (at + 2 == q.names[m].tokens.start && q.claims[at + 1].is_none()))
        {
            aggregate = Some(if desc { Aggregate::Max } else { Aggregate::Min });
            order = None;
            q.claims[at] = Some(Claim::Keyword);
        }
    }
    let _ = measured_words;
    // "Points per game": the average over the event the measure is recorded per.
    let mut per_event: Option<usize> = None;
    if let Some(m) = measure_mention {
        let end = q.names[m].tokens.end;
        if words.get(end).is_some_and(|w| w == "per")
            && let Some(&n) = grouped_names.iter().find(|&&n| q.names[n].tokens.start == end + 1)
            && q.names[n].candidates.iter().any(|(model, c)| c.is_none() && !person_like(model) && model.columns.iter().any(is_date))
            && (matches!(aggregate, None | Some(Aggregate::Avg)) || aggregate == Some(Aggregate::Sum) && !has(q, "total") && !has(q, "sum"))
        {
            per_event = Some(n);
            aggregate = Some(Aggregate::Avg);
        }
    }
    let grouped_names: Vec<usize> = grouped_names.into_iter().filter(|n| Some(*n) != per_event).collect();

    // The subject: what the question counts, lists or measures.
    let subject_mention = head_names
        .iter()
        .copied()
        .filter(|&n| (Some(n) != measure_mention || aggregate == Some(Aggregate::Count)) && Some(n) != which_name)
        // "customers who never placed an order": what follows the negation is not counted.
        .filter(|&n| negated.is_none_or(|at| q.names[n].tokens.start < at || which_name.is_none() && head_names.iter().all(|&h| q.names[h].tokens.start > at)))
        .find(|&n| q.names[n].candidates.iter().any(|(m, c)| entity_of(manifest, m, *c).is_some()));
    let people: Vec<&Model> = manifest.models.iter().filter(|m| person_like(m)).collect();
    let asks_people = who || words.iter().any(|w| PEOPLE.contains(&w.as_str()) || w == "headcount");
    // "Which album has the most tracks", "which department has the most people": the most of
    // a thing counted.
    let implied_quantity = order.is_some_and(|(_, at)| lexicon::superlative_quantity(&words[at]).is_some());
    if aggregate.is_none()
        && order.is_some()
        && !implied_quantity
        && !unmeasured_quality
        && measure_mention.is_none()
        && (subject_mention.is_some() || asks_people && !who)
        && (which_name.is_some() || !grouped_names.is_empty())
    {
        aggregate = Some(Aggregate::Count);
    }

    // The models of the measure and of the subject: the first bases tried.
    let measure_models: Vec<&Model> = measure_mention
        .map(|m| {
            q.names[m]
                .candidates
                .iter()
                .filter(|(model, c)| c.is_some_and(|c| is_measure(c) && fk_target(manifest, model, c).is_none()))
                .map(|(m, _)| *m)
                .collect()
        })
        .unwrap_or_default();
    let subject_mention =
        if asks_people && subject_mention.is_some_and(|n| !q.names[n].candidates.iter().any(|(m, _)| person_like(m))) { None } else { subject_mention };
    let subject_models: Vec<&Model> = match subject_mention {
        Some(n) => q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).collect(),
        None if asks_people => people.clone(),
        // "Which teams are in the Pacific division?": a list of what "which" names.
        None => match which_name {
            Some(n) if aggregate.is_none() && measure_mention.is_none() => {
                q.names[n].candidates.iter().filter_map(|(m, c)| entity_of(manifest, m, *c)).collect()
            }
            // "the Eastern Conference teams": a column's name said with its model's, the model
            // is what is listed.
            _ if aggregate.is_none() && measure_mention.is_none() => head_names
                .iter()
                .filter_map(|&n| {
                    let mention = &q.names[n];
                    let last = mention.tokens.end.checked_sub(1)?;
                    mention
                        .candidates
                        .iter()
                        .map(|(m, _)| *m)
                        .find(|m| mention.tokens.len() > 1 && model_words(m).iter().any(|w| names(&q.tokens[last].stem, w)))
                })
                .take(1)
                .collect(),
            _ => Vec::new(),
        },
    };
    Shape {
        aggregate,
        average_of_counts,
        distinct,
        negated,
        current,
        order,
        limit_at,
        grains,
        grouped_names,
        which_name,
        measure_mention,
        subject_mention,
        subject_models,
        who,
        per_event,
        head_names,
        sort,
        measure_models,
    }
}

/// Candidate bases: the measure's model, the subject's, then any model.
pub(super) fn bases<'m>(manifest: &'m Manifest, q: &Question<'m>, shape: &Shape<'m>) -> Vec<&'m Model> {
    let mut bases: Vec<&Model> = Vec::new();
    if matches!(shape.aggregate, Some(Aggregate::Sum | Aggregate::Avg | Aggregate::Max | Aggregate::Min))
        || (shape.order.is_some() && shape.aggregate.is_none())
    {
        // "unit price of tracks": the measure of the model the question names first.
        bases.extend(shape.measure_models.iter().copied().filter(|m| shape.subject_models.iter().any(|s| s.name == m.name)));
        bases.extend(shape.measure_models.iter().copied());
    }
    bases.extend(shape.subject_models.iter().copied());
    bases.extend(shape.measure_models.iter().copied());
    // With nothing counted by name, the model of a column the question names ("hires").
    if shape.subject_models.is_empty() {
        bases.extend(shape.head_names.iter().flat_map(|&n| q.names[n].candidates.iter().map(|(m, _)| *m)));
    }
    bases.extend(manifest.models.iter());
    let mut seen = Vec::new();
    bases.retain(|m| {
        let fresh = !seen.contains(&m.name);
        seen.push(m.name.clone());
        fresh
    });
    bases
}

/// Whether a mention's column is its model's own designation, not a quantity: the mention names
/// the model too and the column is named as the model is (a `flight` number of the flights).
fn designates(mention: &NameMention, model: &Model, column: &Column) -> bool {
    mention.candidates.iter().any(|(m, c)| c.is_none() && m.name == model.name) && name_stems(&column.name) == name_stems(&model.name)
}
