//! The functions a query may call, per dialect. An allow-list, not a deny-list: a function
//! nobody listed (a new server function that reads files, reaches another server or
//! changes state) is refused until someone decides it is harmless.

use super::Dialect;

/// Functions every dialect may call: aggregates, windows, arithmetic, text, dates,
/// conditionals. Lower case.
const COMMON: &[&str] = &[
    // aggregates
    "count", "sum", "avg", "min", "max", "count_if", "any_value", "stddev", "stddev_pop", "stddev_samp", "variance",
    "var_pop", "var_samp", "bool_and", "bool_or", "every", "percentile_cont", "percentile_disc", "corr", "covar_pop",
    "covar_samp", "string_agg", "array_agg", "group_concat",
    // windows
    "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value",
    "nth_value",
    // arithmetic
    "abs", "ceil", "ceiling", "floor", "round", "trunc", "truncate", "sign", "sqrt", "cbrt", "exp", "ln", "log", "log10",
    "log2", "power", "pow", "mod", "div", "greatest", "least", "pi", "degrees", "radians", "sin", "cos", "tan", "asin",
    "acos", "atan", "atan2", "cot", "random", "width_bucket",
    // text
    "length", "char_length", "character_length", "octet_length", "bit_length", "lower", "upper", "trim", "ltrim", "rtrim",
    "btrim", "substr", "substring", "left", "right", "replace", "concat", "concat_ws", "position", "strpos", "lpad", "rpad",
    "reverse", "repeat", "split_part", "initcap", "starts_with", "regexp_replace", "regexp_like", "regexp_substr",
    "regexp_matches", "ascii", "chr", "translate", "md5", "format",
    // dates and times
    "now", "current_date", "current_time", "current_timestamp", "localtime", "localtimestamp", "date_trunc", "date_part",
    "to_date", "to_timestamp", "to_char", "to_number", "make_date", "make_time", "make_timestamp", "age", "extract",
    "date_add", "date_sub", "datediff", "date_diff", "year", "month", "day", "quarter", "week", "hour", "minute", "second",
    "dayofweek", "dayofmonth", "dayofyear", "weekofyear", "last_day", "dayname", "monthname", "yearweek", "isodow",
    "isoyear", "epoch", "date", "time", "timestamp",
    // conditionals and types
    "coalesce", "nullif", "ifnull", "if", "iif", "nvl", "typeof",
];

const POSTGRES: &[&str] = &[
    "justify_days", "justify_hours", "justify_interval", "date_bin", "array_length", "array_to_string", "string_to_array",
    "regexp_split_to_array", "regexp_split_to_table", "cardinality", "clock_timestamp", "statement_timestamp",
    "transaction_timestamp", "timezone", "to_json", "to_jsonb", "json_build_object", "jsonb_build_object",
    "json_extract_path_text", "jsonb_extract_path_text", "mode", "median", "generate_series", "unnest", "isfinite",
    "scale", "gcd", "lcm", "factorial", "num_nonnulls", "num_nulls",
];

const MYSQL: &[&str] = &[
    "date_format", "str_to_date", "timestampdiff", "timestampadd", "makedate", "maketime", "weekday", "curdate",
    "curtime", "sysdate", "unix_timestamp", "from_unixtime", "from_days", "to_days", "period_diff", "period_add",
    "lcase", "ucase", "locate", "instr", "mid", "field", "elt", "find_in_set", "space", "rand", "char", "hex", "unhex",
    "conv", "bin", "oct", "truncate", "isnull", "json_extract", "json_unquote", "json_length", "microsecond",
    "utc_date", "utc_timestamp", "adddate", "subdate", "addtime", "subtime", "str_to_date", "extract",
];

const DUCKDB: &[&str] = &[
    "strftime", "strptime", "epoch_ms", "epoch_us", "make_timestamptz", "date_bin", "time_bucket", "dayofweek",
    "isodow", "isoyear", "century", "decade", "millennium", "era", "median", "mode", "quantile", "quantile_cont",
    "quantile_disc", "approx_count_distinct", "approx_quantile", "arg_max", "arg_min", "max_by", "min_by", "first",
    "last", "list", "histogram", "product", "fsum", "favg", "kurtosis", "skewness", "entropy", "regexp_extract",
    "regexp_full_match", "contains", "ends_with", "prefix", "suffix", "instr", "lcase", "ucase", "list_value",
    "list_contains", "len", "array_length", "string_split", "str_split", "unnest", "range", "generate_series",
    "ifnull", "try_cast", "to_json", "json_extract", "json_extract_string", "round_even", "even", "gcd", "lcm",
    "factorial", "bit_count", "hash", "nextafter", "isnan", "isinf", "isfinite", "last_day", "monthname", "dayname",
    "weekofyear", "yearweek", "nanosecond", "microsecond", "millisecond", "epoch_ns", "today", "get_current_date",
    "get_current_timestamp", "current_localtimestamp", "to_days", "to_hours", "to_minutes", "to_seconds",
    "to_months", "to_years", "to_weeks", "to_milliseconds",
];

/// Functions a query may read rows from in its FROM clause.
const TABLE_FUNCTIONS: &[&str] = &["generate_series", "unnest", "range"];

fn extra(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Postgres => POSTGRES,
        Dialect::MySql => MYSQL,
        Dialect::DuckDb => DUCKDB,
    }
}

/// Whether `name` (any case) may be called in `dialect`.
pub fn allowed(dialect: Dialect, name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    COMMON.contains(&name.as_str()) || extra(dialect).contains(&name.as_str())
}

/// Whether `name` may stand in a FROM clause as a table function.
pub fn allowed_in_from(dialect: Dialect, name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    TABLE_FUNCTIONS.contains(&name.as_str()) && allowed(dialect, &name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_that_reach_outside_are_not_listed() {
        for dialect in [Dialect::Postgres, Dialect::MySql, Dialect::DuckDb] {
            for name in [
                "query_to_xml", "table_to_xml", "dblink_connect", "lo_get", "pg_read_file", "load_file", "read_csv",
                "set_config", "current_setting", "getenv", "sleep", "pg_sleep", "benchmark", "version", "database",
                "pg_ls_dir", "sys_exec", "query", "read_text", "duckdb_settings", "postgres_scan",
            ] {
                assert!(!allowed(dialect, name), "{dialect:?} {name}");
            }
        }
        assert!(allowed(Dialect::Postgres, "DATE_TRUNC") && allowed(Dialect::MySql, "date_format"));
        assert!(allowed_in_from(Dialect::DuckDb, "range") && !allowed_in_from(Dialect::DuckDb, "read_csv"));
    }
}
