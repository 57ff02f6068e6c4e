//! Workflow id conventions. Ids carry the project so that everything a project runs can be
//! found (and cancelled) by prefix, and so that starting the same work twice is idempotent.

use uuid::Uuid;

/// Every workflow that belongs to a project, except its removal, has an id starting with
/// this prefix: `project-<uuid>-<kind>[-<key>]`. Project removal lists running workflows by
/// it to cancel them first.
pub fn project_prefix(project_id: Uuid) -> String {
    format!("project-{project_id}-")
}

/// One removal per project at a time. It deliberately does not start with
/// [`project_prefix`], so the removal never lists (and cancels) itself.
pub fn project_removal(project_id: Uuid) -> String {
    format!("project-removal-{project_id}")
}

/// One removal per org at a time.
pub fn org_removal(org_id: Uuid) -> String {
    format!("org-removal-{org_id}")
}

/// A project's removal as a child of its org's removal. Outside [`project_prefix`], like
/// [`project_removal`], and distinct from it, so a project removal already running on its
/// own does not stop the org's (both are safe to run together: every step is idempotent).
pub fn org_project_removal(org_id: Uuid, project_id: Uuid) -> String {
    format!("org-removal-{org_id}-project-{project_id}")
}

/// One import per uploaded file.
pub fn csv_import(project_id: Uuid, job_id: Uuid) -> String {
    format!("{}csv-import-{job_id}", project_prefix(project_id))
}

/// One run per recorded deploy.
pub fn deploy(project_id: Uuid, deploy_id: Uuid) -> String {
    format!("{}deploy-{deploy_id}", project_prefix(project_id))
}

/// One run per call a request waits for. Not under a project's prefix: a call is over
/// within the request that made it, and project removal has nothing to cancel there.
pub fn worker_call(call_id: Uuid) -> String {
    format!("worker-call-{call_id}")
}

/// One run per asking task.
pub fn ask(project_id: Uuid, task_id: Uuid) -> String {
    format!("{}ask-{task_id}", project_prefix(project_id))
}

/// One run per generation task.
pub fn generation(project_id: Uuid, task_id: Uuid) -> String {
    format!("{}generation-{task_id}", project_prefix(project_id))
}

/// One run per spreadsheet export.
pub fn spreadsheet_export(project_id: Uuid, export_id: Uuid) -> String {
    format!("{}spreadsheet-export-{export_id}", project_prefix(project_id))
}

/// A dashboard's Temporal Schedule (schedules have ids of their own, apart from workflows').
pub fn dashboard_schedule(project_id: Uuid, dashboard_id: Uuid) -> String {
    format!("{}dashboard-{dashboard_id}", project_prefix(project_id))
}

/// A dashboard's refresh runs. Scheduled runs get the schedule's time appended by Temporal;
/// a manual run has this id, so asking twice while one runs starts one.
pub fn dashboard_refresh(project_id: Uuid, dashboard_id: Uuid) -> String {
    format!("{}dashboard-refresh-{dashboard_id}", project_prefix(project_id))
}

/// A project's sync schedule.
pub fn sync_schedule(project_id: Uuid) -> String {
    format!("{}sync-schedule", project_prefix(project_id))
}

/// A project's sync runs: the schedule's time is appended by Temporal.
pub fn data_sync(project_id: Uuid) -> String {
    format!("{}sync", project_prefix(project_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_is_outside_the_project_prefix() {
        let id = Uuid::new_v4();
        assert!(!project_removal(id).starts_with(&project_prefix(id)));
        assert_eq!(project_prefix(id), format!("project-{id}-"));
        assert!(csv_import(id, Uuid::new_v4()).starts_with(&project_prefix(id)));
        assert!(deploy(id, Uuid::new_v4()).starts_with(&project_prefix(id)));
    }
}
