-- Text tiles (issue 32): a heading or a note among the charts of a dashboard. They hold text
-- and no SQL (their `sql` is empty), and are never run, cached or refreshed.
ALTER TABLE dashboard_items DROP CONSTRAINT dashboard_items_display_check;
ALTER TABLE dashboard_items ADD CONSTRAINT dashboard_items_display_check
    CHECK (display IN ('AREA', 'BAR', 'GROUPED_BAR', 'LINE', 'MULTI_LINE', 'NUMBER', 'PIE', 'STACKED_BAR', 'TABLE', 'TEXT'));
ALTER TABLE dashboard_items ADD COLUMN text text CHECK (char_length(text) <= 5000);
ALTER TABLE dashboard_items ADD CONSTRAINT dashboard_items_text_only_on_text_tiles CHECK ((display = 'TEXT') = (text IS NOT NULL));
