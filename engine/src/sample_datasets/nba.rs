//! NBA: the 30 teams, their players, two regular seasons of games (82 per team) and box
//! scores per player and per team, generated from a fixed seed. A team's box score is the
//! sum of its players', and its points are the game's score.

use super::{
    SampleColumn, SampleInfo, SampleTable, col, fk,
    generate::{Csv, Gen, LAST_NAMES, MALE_FIRST_NAMES, Opt, ymd},
};
use chrono::{Duration, NaiveDate};

pub const INFO: SampleInfo = SampleInfo {
    display_name: "NBA",
    description: "Two NBA regular seasons: teams, players, games and box scores per player and per team.",
    questions: [
        "Which players scored the most points in the 2024-25 season?",
        "What is each team's win-loss record by season?",
        "What is the average attendance of home games by team?",
    ],
};

const TEAMS: &[SampleColumn] = &[
    col("team_id", "INTEGER NOT NULL", "Unique identifier of the team."),
    col("abbreviation", "VARCHAR NOT NULL", "Three-letter code of the team, such as BOS."),
    col("city", "VARCHAR NOT NULL", "Home city of the team."),
    col("nickname", "VARCHAR NOT NULL", "Team name, such as Celtics."),
    col("conference", "VARCHAR NOT NULL", "Conference: East or West."),
    col("division", "VARCHAR NOT NULL", "Division within the conference."),
    col("arena_capacity", "INTEGER NOT NULL", "Seats in the team's home arena."),
];
const PLAYERS: &[SampleColumn] = &[
    col("player_id", "INTEGER NOT NULL", "Unique identifier of the player."),
    col("first_name", "VARCHAR NOT NULL", "Given name of the player."),
    col("last_name", "VARCHAR NOT NULL", "Family name of the player."),
    col("team_id", "INTEGER NOT NULL", "The team the player plays for."),
    col("position", "VARCHAR NOT NULL", "Position: PG (point guard), SG, SF, PF or C (center)."),
    col("jersey_number", "INTEGER NOT NULL", "Number on the player's jersey."),
    col("height_cm", "INTEGER NOT NULL", "Height in centimetres."),
    col("weight_kg", "INTEGER NOT NULL", "Weight in kilograms."),
    col("birth_date", "DATE NOT NULL", "Date of birth."),
    col("draft_year", "INTEGER", "Year the player was drafted; empty for undrafted players."),
];
const GAMES: &[SampleColumn] = &[
    col("game_id", "INTEGER NOT NULL", "Unique identifier of the game."),
    col("season", "VARCHAR NOT NULL", "Season the game belongs to, such as 2024-25."),
    col("game_date", "DATE NOT NULL", "Date the game was played."),
    col("home_team_id", "INTEGER NOT NULL", "The team playing at home."),
    col("away_team_id", "INTEGER NOT NULL", "The visiting team."),
    col("home_points", "INTEGER NOT NULL", "Points scored by the home team."),
    col("away_points", "INTEGER NOT NULL", "Points scored by the visiting team."),
    col("attendance", "INTEGER NOT NULL", "Spectators in the arena."),
];
const TEAM_BOX: &[SampleColumn] = &[
    col("game_id", "INTEGER NOT NULL", "The game."),
    col("team_id", "INTEGER NOT NULL", "The team."),
    col("is_home", "BOOLEAN NOT NULL", "Whether the team played at home."),
    col("won", "BOOLEAN NOT NULL", "Whether the team won the game."),
    col("points", "INTEGER NOT NULL", "Points scored."),
    col("rebounds", "INTEGER NOT NULL", "Total rebounds."),
    col("assists", "INTEGER NOT NULL", "Assists."),
    col("turnovers", "INTEGER NOT NULL", "Turnovers."),
    col("field_goals_made", "INTEGER NOT NULL", "Field goals made (two- and three-pointers)."),
    col("field_goals_attempted", "INTEGER NOT NULL", "Field goals attempted."),
    col("three_pointers_made", "INTEGER NOT NULL", "Three-point field goals made."),
    col("three_pointers_attempted", "INTEGER NOT NULL", "Three-point field goals attempted."),
    col("free_throws_made", "INTEGER NOT NULL", "Free throws made."),
    col("free_throws_attempted", "INTEGER NOT NULL", "Free throws attempted."),
];
const PLAYER_BOX: &[SampleColumn] = &[
    col("game_id", "INTEGER NOT NULL", "The game."),
    col("player_id", "INTEGER NOT NULL", "The player."),
    col("team_id", "INTEGER NOT NULL", "The team the player played for."),
    col("minutes", "INTEGER NOT NULL", "Minutes played."),
    col("points", "INTEGER NOT NULL", "Points scored."),
    col("rebounds", "INTEGER NOT NULL", "Rebounds."),
    col("assists", "INTEGER NOT NULL", "Assists."),
    col("steals", "INTEGER NOT NULL", "Steals."),
    col("blocks", "INTEGER NOT NULL", "Blocked shots."),
    col("turnovers", "INTEGER NOT NULL", "Turnovers."),
    col("field_goals_made", "INTEGER NOT NULL", "Field goals made (two- and three-pointers)."),
    col("field_goals_attempted", "INTEGER NOT NULL", "Field goals attempted."),
    col("three_pointers_made", "INTEGER NOT NULL", "Three-point field goals made."),
    col("three_pointers_attempted", "INTEGER NOT NULL", "Three-point field goals attempted."),
    col("free_throws_made", "INTEGER NOT NULL", "Free throws made."),
    col("free_throws_attempted", "INTEGER NOT NULL", "Free throws attempted."),
];

pub const TABLES: &[SampleTable] = &[
    SampleTable {
        name: "teams",
        description: "The 30 NBA teams with their conference, division and arena size.",
        columns: TEAMS,
        primary_key: &["team_id"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "players",
        description: "Players on each team's roster with position and physical details.",
        columns: PLAYERS,
        primary_key: &["player_id"],
        foreign_keys: &[fk("team_id", "teams", "team_id")],
    },
    SampleTable {
        name: "games",
        description: "Regular-season games with the final score and attendance.",
        columns: GAMES,
        primary_key: &["game_id"],
        foreign_keys: &[fk("home_team_id", "teams", "team_id"), fk("away_team_id", "teams", "team_id")],
    },
    SampleTable {
        name: "team_box_scores",
        description: "Each team's totals in each game: one row per team per game.",
        columns: TEAM_BOX,
        primary_key: &["game_id", "team_id"],
        foreign_keys: &[fk("game_id", "games", "game_id"), fk("team_id", "teams", "team_id")],
    },
    SampleTable {
        name: "player_box_scores",
        description: "Each player's statistics in each game played: one row per player per game.",
        columns: PLAYER_BOX,
        primary_key: &["game_id", "player_id"],
        foreign_keys: &[fk("game_id", "games", "game_id"), fk("player_id", "players", "player_id"), fk("team_id", "teams", "team_id")],
    },
];

/// Abbreviation, city, nickname, conference, division, arena capacity.
const TEAM_LIST: [(&str, &str, &str, &str, &str, i64); 30] = [
    ("ATL", "Atlanta", "Hawks", "East", "Southeast", 16_600),
    ("BOS", "Boston", "Celtics", "East", "Atlantic", 19_156),
    ("BKN", "Brooklyn", "Nets", "East", "Atlantic", 17_732),
    ("CHA", "Charlotte", "Hornets", "East", "Southeast", 19_077),
    ("CHI", "Chicago", "Bulls", "East", "Central", 20_917),
    ("CLE", "Cleveland", "Cavaliers", "East", "Central", 19_432),
    ("DAL", "Dallas", "Mavericks", "West", "Southwest", 19_200),
    ("DEN", "Denver", "Nuggets", "West", "Northwest", 19_520),
    ("DET", "Detroit", "Pistons", "East", "Central", 20_332),
    ("GSW", "Golden State", "Warriors", "West", "Pacific", 18_064),
    ("HOU", "Houston", "Rockets", "West", "Southwest", 18_055),
    ("IND", "Indiana", "Pacers", "East", "Central", 17_274),
    ("LAC", "Los Angeles", "Clippers", "West", "Pacific", 18_000),
    ("LAL", "Los Angeles", "Lakers", "West", "Pacific", 18_997),
    ("MEM", "Memphis", "Grizzlies", "West", "Southwest", 17_794),
    ("MIA", "Miami", "Heat", "East", "Southeast", 19_600),
    ("MIL", "Milwaukee", "Bucks", "East", "Central", 17_341),
    ("MIN", "Minnesota", "Timberwolves", "West", "Northwest", 18_978),
    ("NOP", "New Orleans", "Pelicans", "West", "Southwest", 16_867),
    ("NYK", "New York", "Knicks", "East", "Atlantic", 19_812),
    ("OKC", "Oklahoma City", "Thunder", "West", "Northwest", 18_203),
    ("ORL", "Orlando", "Magic", "East", "Southeast", 18_846),
    ("PHI", "Philadelphia", "76ers", "East", "Atlantic", 20_478),
    ("PHX", "Phoenix", "Suns", "West", "Pacific", 17_071),
    ("POR", "Portland", "Trail Blazers", "West", "Northwest", 19_393),
    ("SAC", "Sacramento", "Kings", "West", "Pacific", 17_608),
    ("SAS", "San Antonio", "Spurs", "West", "Southwest", 18_418),
    ("TOR", "Toronto", "Raptors", "East", "Atlantic", 19_800),
    ("UTA", "Utah", "Jazz", "West", "Northwest", 18_306),
    ("WAS", "Washington", "Wizards", "East", "Southeast", 20_356),
];

/// Name, first and last day (year, month, day).
type Season = (&'static str, (i32, u32, u32), (i32, u32, u32));
const SEASONS: [Season; 2] = [("2023-24", (2023, 10, 24), (2024, 4, 14)), ("2024-25", (2024, 10, 22), (2025, 4, 13))];
const ROSTER: usize = 15;
const POSITIONS: [(&str, i64, i64); 5] = [("PG", 188, 86), ("SG", 196, 95), ("SF", 201, 102), ("PF", 206, 110), ("C", 213, 118)];

struct Player {
    id: i64,
    /// Share of the team's shots and minutes.
    usage: f64,
    position: usize,
}

/// Schedules of one season: every pair of teams twice (home and away), plus 24 more games per
/// team against random opponents: 82 each, 1230 in all.
fn schedule(g: &mut Gen) -> Vec<(usize, usize)> {
    let mut games = Vec::with_capacity(1230);
    for home in 0..30 {
        for away in 0..30 {
            if home != away {
                games.push((home, away));
            }
        }
    }
    let mut pool: Vec<usize> = (0..30).flat_map(|t| std::iter::repeat_n(t, 24)).collect();
    shuffle(g, &mut pool);
    for i in (0..pool.len()).step_by(2) {
        if pool[i] == pool[i + 1]
            && let Some(j) = (i + 2..pool.len()).find(|&j| pool[j] != pool[i])
        {
            pool.swap(i + 1, j);
        }
        let (a, b) = (pool[i], pool[i + 1]);
        if a != b {
            games.push(if g.chance(0.5) { (a, b) } else { (b, a) });
        }
    }
    shuffle(g, &mut games);
    games
}

fn shuffle<T>(g: &mut Gen, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = g.int(0, i as i64) as usize;
        items.swap(i, j);
    }
}
/// Splits `total` into parts proportional to `weights` (largest remainders), exactly.
fn split(total: i64, weights: &[f64]) -> Vec<i64> {
    let sum: f64 = weights.iter().sum();
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut parts: Vec<i64> = exact.iter().map(|x| x.floor() as i64).collect();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    for &i in order.iter().take((total - parts.iter().sum::<i64>()) as usize) {
        parts[i] += 1;
    }
    parts
}

#[derive(Default, Clone, Copy)]
struct Line {
    minutes: i64,
    points: i64,
    rebounds: i64,
    assists: i64,
    steals: i64,
    blocks: i64,
    turnovers: i64,
    fgm: i64,
    fga: i64,
    tpm: i64,
    tpa: i64,
    ftm: i64,
    fta: i64,
}

/// A stat line that scores exactly `points`.
fn line(g: &mut Gen, points: i64, minutes: i64, position: usize) -> Line {
    let mut ftm = (points as f64 * g.float(0.08, 0.25)).round() as i64;
    let mut rest = points - ftm;
    let shooter = [0.45, 0.45, 0.35, 0.25, 0.1][position];
    let mut tpm = ((rest as f64 / 3.0) * g.float(0.0, shooter * 2.0)).floor() as i64;
    rest -= 3 * tpm;
    if rest < 0 {
        tpm = 0;
        rest = points - ftm;
    }
    if rest % 2 == 1 {
        ftm += 1;
        rest -= 1;
    }
    let two = rest / 2;
    let tpa = tpm + (tpm as f64 * g.float(1.2, 2.0)).round() as i64 + i64::from(g.chance(shooter));
    let fgm = two + tpm;
    let fga = fgm + ((two as f64) * g.float(0.8, 1.3)).round() as i64 + (tpa - tpm);
    let fta = ftm + (ftm as f64 * g.float(0.1, 0.35)).round() as i64;
    let big = position >= 3;
    let per36 = minutes as f64 / 36.0;
    Line {
        minutes,
        points,
        rebounds: (g.float(2.0, if big { 11.0 } else { 6.0 }) * per36).round() as i64,
        assists: (g.float(0.5, if position == 0 { 9.0 } else { 4.0 }) * per36).round() as i64,
        steals: (g.float(0.0, 2.0) * per36).round() as i64,
        blocks: (g.float(0.0, if big { 2.5 } else { 0.8 }) * per36).round() as i64,
        turnovers: (g.float(0.3, 3.0) * per36).round() as i64,
        fgm,
        fga,
        tpm,
        tpa,
        ftm,
        fta,
    }
}

pub fn data() -> Vec<(&'static str, String)> {
    let mut g = Gen::new(0x0ba_2024);
    let mut teams = Csv::new(&["team_id", "abbreviation", "city", "nickname", "conference", "division", "arena_capacity"]);
    for (i, (abbr, city, nick, conf, div, seats)) in TEAM_LIST.iter().enumerate() {
        teams.row(&[&(i as i64 + 1), abbr, city, nick, conf, div, seats]);
    }

    let mut players =
        Csv::new(&["player_id", "first_name", "last_name", "team_id", "position", "jersey_number", "height_cm", "weight_kg", "birth_date", "draft_year"]);
    let mut rosters: Vec<Vec<Player>> = Vec::new();
    let mut strength = Vec::new();
    let mut player_id = 200_000i64;
    for team in 0..30 {
        strength.push(g.around(0.0, 8.0, -9.0, 9.0));
        let mut roster = Vec::new();
        let mut numbers: Vec<i64> = Vec::new();
        for slot in 0..ROSTER {
            player_id += 1;
            let position = slot % 5;
            let (name, height, weight) = POSITIONS[position];
            let born = g.date(ymd(1986, 1, 1), ymd(2005, 6, 30));
            let drafted = g.chance(0.85).then(|| born.format("%Y").to_string().parse::<i64>().unwrap_or(2000) + g.int(19, 22));
            let mut number = g.int(0, 55);
            while numbers.contains(&number) {
                number = (number + 7) % 56;
            }
            numbers.push(number);
            // Starters (the first five) take most of the minutes and shots.
            let usage = if slot < 5 {
                g.float(1.6, 3.2)
            } else if slot < 10 {
                g.float(0.6, 1.4)
            } else {
                g.float(0.15, 0.5)
            };
            let drafted = Opt(drafted);
            let (first_name, last_name) = (*g.pick(MALE_FIRST_NAMES), *g.pick(LAST_NAMES));
            players.row(&[
                &player_id,
                &first_name,
                &last_name,
                &(team as i64 + 1),
                &name,
                &number,
                &(height + g.int(-6, 6)),
                &(weight + g.int(-8, 8)),
                &born,
                &drafted,
            ]);
            roster.push(Player { id: player_id, usage, position });
        }
        rosters.push(roster);
    }

    let mut games = Csv::new(&["game_id", "season", "game_date", "home_team_id", "away_team_id", "home_points", "away_points", "attendance"]);
    let mut team_box = Csv::new(&[
        "game_id",
        "team_id",
        "is_home",
        "won",
        "points",
        "rebounds",
        "assists",
        "turnovers",
        "field_goals_made",
        "field_goals_attempted",
        "three_pointers_made",
        "three_pointers_attempted",
        "free_throws_made",
        "free_throws_attempted",
    ]);
    let mut player_box = Csv::new(&[
        "game_id",
        "player_id",
        "team_id",
        "minutes",
        "points",
        "rebounds",
        "assists",
        "steals",
        "blocks",
        "turnovers",
        "field_goals_made",
        "field_goals_attempted",
        "three_pointers_made",
        "three_pointers_attempted",
        "free_throws_made",
        "free_throws_attempted",
    ]);
    let mut game_id = 22_300_000i64;
    for (season, (y1, m1, d1), (y2, m2, d2)) in SEASONS {
        let (first, last): (NaiveDate, NaiveDate) = (ymd(y1, m1, d1), ymd(y2, m2, d2));
        let days = (last - first).num_days();
        let fixtures = schedule(&mut g);
        let count = fixtures.len() as i64;
        for (n, (home, away)) in fixtures.into_iter().enumerate() {
            game_id += 1;
            let date = first + Duration::days(n as i64 * days / count);
            let mut home_points = (g.around(114.0, 14.0, 85.0, 150.0) + 2.5 + strength[home]) as i64;
            let mut away_points = (g.around(114.0, 14.0, 85.0, 150.0) + strength[away]) as i64;
            if home_points == away_points {
                // Overtime.
                home_points += g.int(3, 12);
                away_points += g.int(2, 11);
                if home_points == away_points {
                    home_points += 1;
                }
            }
            let seats = TEAM_LIST[home].5;
            let attendance = (seats as f64 * g.around(0.95, 0.08, 0.78, 1.0)) as i64;
            games.row(&[&game_id, &season, &date, &(home as i64 + 1), &(away as i64 + 1), &home_points, &away_points, &attendance]);
            for (team, points, is_home, won) in [(home, home_points, true, home_points > away_points), (away, away_points, false, away_points > home_points)] {
                let roster = &rosters[team];
                // Ten to thirteen players see the floor; a couple of bench players sit out.
                let playing: Vec<&Player> = roster.iter().enumerate().filter(|(i, _)| *i < 10 || g.chance(0.45)).map(|(_, p)| p).collect();
                let weights: Vec<f64> = playing.iter().map(|p| p.usage * g.float(0.6, 1.4)).collect();
                let minutes = split(240, &weights.iter().map(|w| w.sqrt()).collect::<Vec<_>>());
                let points_each = split(points, &weights);
                let mut total = Line::default();
                for ((player, minutes), points) in playing.iter().zip(minutes).zip(points_each) {
                    let l = line(&mut g, points, minutes, player.position);
                    player_box.row(&[
                        &game_id,
                        &player.id,
                        &(team as i64 + 1),
                        &l.minutes,
                        &l.points,
                        &l.rebounds,
                        &l.assists,
                        &l.steals,
                        &l.blocks,
                        &l.turnovers,
                        &l.fgm,
                        &l.fga,
                        &l.tpm,
                        &l.tpa,
                        &l.ftm,
                        &l.fta,
                    ]);
                    total.points += l.points;
                    total.rebounds += l.rebounds;
                    total.assists += l.assists;
                    total.turnovers += l.turnovers;
                    total.fgm += l.fgm;
                    total.fga += l.fga;
                    total.tpm += l.tpm;
                    total.tpa += l.tpa;
                    total.ftm += l.ftm;
                    total.fta += l.fta;
                }
                team_box.row(&[
                    &game_id,
                    &(team as i64 + 1),
                    &is_home,
                    &won,
                    &total.points,
                    &total.rebounds,
                    &total.assists,
                    &total.turnovers,
                    &total.fgm,
                    &total.fga,
                    &total.tpm,
                    &total.tpa,
                    &total.ftm,
                    &total.fta,
                ]);
            }
        }
    }

    vec![
        ("teams", teams.finish()),
        ("players", players.finish()),
        ("games", games.finish()),
        ("team_box_scores", team_box.finish()),
        ("player_box_scores", player_box.finish()),
    ]
}
