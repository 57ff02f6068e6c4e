//! Names a grouping says twice or in two parts: "each plane fly" restates what is counted,
//! "by pollster grade" is the grade, "pollster" only saying whose it is.

use crate::{
    mdl::{Column, Model},
    question::read::{Claim, Question},
};

/// Takes out of `grouped_names` a name that restates what a head name counts, and a column that
/// only qualifies the grouped column right after it (narrowing that one's candidates to its model).
pub(super) fn one_grouping_each(q: &mut Question, grouped_names: &mut Vec<usize>, head_names: &[usize]) {
    // "How many flights did each plane fly": a name right after a grouped one that means what
    // the head counts ("fly" of the flights) restates it; it is no second grouping.
    let restated: Vec<usize> = grouped_names
        .iter()
        .copied()
        .filter(|&n| {
            let start = q.names[n].tokens.start;
            start > 0
                && matches!(q.claims[start - 1], Some(Claim::Name(_)))
                && grouped_names.iter().any(|&g| q.names[g].tokens.end == start)
                && head_names.iter().any(|&h| same_candidates(&q.names[h].candidates, &q.names[n].candidates))
        })
        .collect();
    for &n in &restated {
        for i in q.names[n].tokens.clone() {
            q.claims[i] = Some(Claim::Filler);
        }
    }
    grouped_names.retain(|n| !restated.contains(n));
    // "By pollster grade": a column said right before another of the same model's only says
    // whose it is; the last is what is grouped by.
    let qualifiers: Vec<(usize, usize)> = grouped_names
        .iter()
        .filter_map(|&n| {
            let head = grouped_names.iter().copied().find(|&h| q.names[h].tokens.start == q.names[n].tokens.end)?;
            // "first name, last name" is a list.
            let between = &q.text[q.tokens[q.names[n].tokens.end - 1].end..q.tokens[q.names[head].tokens.start].start];
            if !between.trim().is_empty() {
                return None;
            }
            let models = |i: usize| q.names[i].candidates.iter().map(|(m, _)| m.name.clone()).collect::<Vec<_>>();
            let own = q.names[n].candidates.iter().all(|(_, c)| c.is_some()) && models(head).iter().any(|m| models(n).contains(m));
            own.then_some((n, head))
        })
        .collect();
    for &(n, head) in &qualifiers {
        let models: Vec<String> = q.names[n].candidates.iter().map(|(m, _)| m.name.clone()).collect();
        q.names[head].candidates.retain(|(m, _)| models.contains(&m.name));
        for i in q.names[n].tokens.clone() {
            q.claims[i] = Some(Claim::Filler);
        }
    }
    grouped_names.retain(|n| !qualifiers.iter().any(|(q, _)| q == n));
}

/// Whether two mentions may mean the same things.
fn same_candidates(a: &[(&Model, Option<&Column>)], b: &[(&Model, Option<&Column>)]) -> bool {
    let key = |list: &[(&Model, Option<&Column>)]| {
        let mut k: Vec<(String, String)> = list.iter().map(|(m, c)| (m.name.clone(), c.map(|c| c.name.clone()).unwrap_or_default())).collect();
        k.sort();
        k
    };
    !a.is_empty() && key(a) == key(b)
}
