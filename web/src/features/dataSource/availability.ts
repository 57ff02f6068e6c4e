// Parts of the setup flow whose server side has not landed yet (issue 3: sample datasets and
// the CSV import workflow). While false, their cards show "Coming soon" instead of calling
// operations the api does not have; flip each one when its backend lands.
export const SAMPLE_DATASETS_AVAILABLE = false;
export const CSV_IMPORT_AVAILABLE = true;
