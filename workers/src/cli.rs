//! Command line: `quarry-worker [--queues workflows,email]`.

use std::collections::BTreeSet;

pub const USAGE: &str = "\
usage: quarry-worker [--queues LIST]

Runs Quarry's background work. LIST is a comma-separated subset of:
  workflows  Temporal workflows and their bookkeeping steps (queue <prefix>-workflows)
  llm        question understanding and language-model steps (queue <prefix>-llm)
  sql        queries on data sources for answers (queue <prefix>-sql)
  sync       copies of data sources into projects' stores (queue <prefix>-sync)
  email      e-mail delivery (apalis-redis queue quarry-email)
Default: all of them. Configuration comes from QUARRY_* environment variables
(see docs/contracts.md); logging from RUST_LOG.";

/// The kinds of work one process can take on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Queue {
    Workflows,
    Llm,
    Sql,
    Sync,
    Email,
}

impl Queue {
    const ALL: [Queue; 5] = [Queue::Workflows, Queue::Llm, Queue::Sql, Queue::Sync, Queue::Email];

    fn parse(name: &str) -> Option<Self> {
        match name {
            "workflows" => Some(Self::Workflows),
            "llm" => Some(Self::Llm),
            "sql" => Some(Self::Sql),
            "sync" => Some(Self::Sync),
            "email" => Some(Self::Email),
            _ => None,
        }
    }

    /// Served by a Temporal worker (the rest are apalis queues).
    pub fn is_temporal(self) -> bool {
        matches!(self, Self::Workflows | Self::Llm | Self::Sql | Self::Sync)
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Run { queues: BTreeSet<Queue> },
    Help,
}

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut queues: Option<BTreeSet<Queue>> = None;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let list = match arg.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--queues" => args.next().ok_or("--queues needs a value, e.g. --queues workflows,email")?,
            other => match other.strip_prefix("--queues=") {
                Some(list) => list.to_owned(),
                None => return Err(format!("unexpected argument {other:?}")),
            },
        };
        let mut chosen = BTreeSet::new();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            chosen.insert(Queue::parse(name).ok_or_else(|| format!("unknown queue {name:?} (known: workflows, llm, sql, sync, email)"))?);
        }
        if chosen.is_empty() {
            return Err("--queues needs at least one queue".into());
        }
        queues = Some(chosen);
    }
    Ok(Command::Run { queues: queues.unwrap_or_else(|| Queue::ALL.into_iter().collect()) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Command, String> {
        parse(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn defaults_to_every_queue() {
        assert_eq!(run(&[]), Ok(Command::Run { queues: [Queue::Workflows, Queue::Llm, Queue::Sql, Queue::Sync, Queue::Email].into() }));
    }

    #[test]
    fn picks_a_subset() {
        assert_eq!(run(&["--queues", "email"]), Ok(Command::Run { queues: [Queue::Email].into() }));
        assert_eq!(run(&["--queues=workflows, email"]), Ok(Command::Run { queues: [Queue::Workflows, Queue::Email].into() }));
    }

    #[test]
    fn rejects_nonsense() {
        assert!(run(&["--queues", "billing"]).unwrap_err().contains("unknown queue"));
        assert_eq!(run(&["--queues", "sql,llm"]), Ok(Command::Run { queues: [Queue::Llm, Queue::Sql].into() }));
        assert!(run(&["--queues"]).is_err());
        assert!(run(&["--queues", ","]).is_err());
        assert!(run(&["--verbose"]).is_err());
        assert_eq!(run(&["--help"]), Ok(Command::Help));
    }
}
