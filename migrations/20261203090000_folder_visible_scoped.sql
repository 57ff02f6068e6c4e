-- `folder_visible(folder, member, owner)` trusted its `owner` flag for a folder of any
-- project: a caller that computed "owner" in one project and asked about a folder of another
-- got true. The flag now only counts when the member really is an owner of the folder's own
-- project (directly, through a group, or as an admin of its org), and every branch needs the
-- member to be an enabled member of that org (a disabled member sees nothing).
CREATE OR REPLACE FUNCTION folder_visible(folder uuid, member uuid, owner boolean) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT EXISTS (
        SELECT 1 FROM folders f
          JOIN projects p ON p.id = f.project_id
          JOIN org_members om ON om.org_id = p.org_id AND om.user_id = member AND om.enabled
         WHERE f.id = folder
           AND ((owner AND (om.role = 'ADMIN' OR effective_project_role(f.project_id, member) = 'OWNER'))
                OR f.created_by = member
                OR (f.access = 'ANYONE_IN_PROJECT' AND effective_project_role(f.project_id, member) IS NOT NULL)
                OR (f.access = 'SPECIFIC' AND effective_project_role(f.project_id, member) IS NOT NULL AND (
                        EXISTS (SELECT 1 FROM folder_members fm WHERE fm.folder_id = f.id AND fm.user_id = member)
                     OR EXISTS (SELECT 1 FROM folder_groups fg JOIN org_group_members gm ON gm.group_id = fg.group_id
                                 WHERE fg.folder_id = f.id AND gm.user_id = member))))
    )
$$;
