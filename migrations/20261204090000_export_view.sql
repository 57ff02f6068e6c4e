-- An export writes what the grid showed when it was asked for (columns, sort, filters, saved
-- or not); NULL: the spreadsheet's saved view.
ALTER TABLE spreadsheet_exports ADD COLUMN view jsonb;
