//! Whether an answer's rows are the gold query's.

use serde_json::Value;

fn normal(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Number(n) => format!("{}", (n.as_f64().unwrap_or(0.0) * 1000.0).round() / 1000.0),
        Value::String(s) => match s.trim().parse::<f64>() {
            Ok(n) => format!("{}", (n * 1000.0).round() / 1000.0),
            Err(_) => s.trim().to_owned(),
        },
        other => other.to_string(),
    }
}

/// Rows equal as multisets (as sequences when ordered), cells of a row compared sorted. The
/// answer may show more columns than the gold SQL (a team by city and nickname where the gold
/// shows the nickname): each gold column must then be one of the answer's, value for value.
fn same(got: &[Vec<Value>], gold: &[Vec<Value>], ordered: bool) -> Option<String> {
    if got.len() != gold.len() {
        return Some(format!("{} rows, expected {}", got.len(), gold.len()));
    }
    let fits = projections(got, gold).iter().any(|columns| {
        let projected: Vec<Vec<Value>> = got.iter().map(|row| columns.iter().map(|&c| row[c].clone()).collect()).collect();
        same_cells(&projected, gold, ordered).is_none()
    });
    if fits { None } else { same_cells(got, gold, ordered) }
}

/// `same`, or a superlative answered with its ties where the gold SQL keeps one of them
/// (`LIMIT 1`): every row of the answer is of the first rank, and the gold row is among them.
pub fn same_or_tied(got: &[Vec<Value>], gold: &[Vec<Value>], gold_sql: &str, sql: &str) -> Option<String> {
    let difference = same(got, gold, gold_sql.to_lowercase().contains("order by"))?;
    let limit_one = gold_sql.trim().trim_end_matches(';').trim().to_lowercase().ends_with("limit 1");
    let ranked = sql.contains("\"rank\" = 1");
    if limit_one && ranked && gold.len() == 1 && got.len() > 1 && got.iter().any(|row| same(std::slice::from_ref(row), gold, false).is_none()) {
        return None;
    }
    Some(difference)
}

/// Ways to pick one distinct answer column per gold column with the same values (at most 50).
fn projections(got: &[Vec<Value>], gold: &[Vec<Value>]) -> Vec<Vec<usize>> {
    let width = gold.first().map_or(0, Vec::len);
    let got_width = got.first().map_or(0, Vec::len);
    if got_width <= width || width == 0 {
        return Vec::new();
    }
    let values = |rows: &[Vec<Value>], c: usize| {
        let mut v: Vec<String> = rows.iter().map(|r| normal(&r[c])).collect();
        v.sort();
        v
    };
    let candidates: Vec<Vec<usize>> = (0..width).map(|j| (0..got_width).filter(|&i| values(got, i) == values(gold, j)).collect()).collect();
    fn pick(j: usize, chosen: &mut Vec<usize>, candidates: &[Vec<usize>], out: &mut Vec<Vec<usize>>) {
        if out.len() >= 50 {
            return;
        }
        if j == candidates.len() {
            out.push(chosen.clone());
            return;
        }
        for &i in &candidates[j] {
            if !chosen.contains(&i) {
                chosen.push(i);
                pick(j + 1, chosen, candidates, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    pick(0, &mut Vec::new(), &candidates, &mut out);
    out
}

fn same_cells(got: &[Vec<Value>], gold: &[Vec<Value>], ordered: bool) -> Option<String> {
    let key = |row: &Vec<Value>| {
        let mut cells: Vec<String> = row.iter().map(normal).collect();
        cells.sort();
        cells.join(", ")
    };
    let mut a: Vec<String> = got.iter().map(key).collect();
    let mut b: Vec<String> = gold.iter().map(key).collect();
    if !ordered {
        a.sort();
        b.sort();
    }
    a.iter().zip(&b).position(|(x, y)| x != y).map(|i| format!("row {i}: [{}] vs [{}]", a[i], b[i]))
}
