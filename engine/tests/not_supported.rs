//! Data source types without a connector yet: their settings are accepted, connecting says so.

use quarry_engine::connectors::{ConnectionProperties, ConnectorError, DataSourceType, connect, properties_without_secrets};
use serde_json::json;

#[test]
fn other_types_are_not_yet_supported() {
    let settings = json!({"host": "warehouse.example.com", "user": "analyst", "password": "hunter2", "account": "xy"});
    let unsupported: Vec<DataSourceType> = DataSourceType::ALL.into_iter().filter(|t| !t.is_supported()).collect();
    assert_eq!(unsupported, [DataSourceType::BigQuery, DataSourceType::Mssql, DataSourceType::Oracle]);
    for source_type in unsupported {
        // The settings themselves are fine: they are stored as given.
        assert!(ConnectionProperties::parse(source_type, &settings).is_ok());
        let err = connect(source_type, &settings, &quarry_engine::SourcePolicy::permissive()).unwrap_err();
        assert_eq!(err, ConnectorError::NotSupported(format!("{} is not yet supported", source_type.display_name())));
    }
    assert_eq!(connect(DataSourceType::Oracle, &settings, &quarry_engine::SourcePolicy::permissive()).unwrap_err().to_string(), "Oracle is not yet supported");
    assert_eq!(
        connect(DataSourceType::BigQuery, &settings, &quarry_engine::SourcePolicy::permissive()).unwrap_err().to_string(),
        "BigQuery is not yet supported"
    );
    assert!(!properties_without_secrets(&settings).to_string().contains("hunter2"));
}

#[test]
fn supported_types_check_their_settings() {
    let err = connect(DataSourceType::Postgres, &json!({"host": "db"}), &quarry_engine::SourcePolicy::permissive()).unwrap_err();
    assert!(matches!(err, ConnectorError::InvalidProperties(_)), "{err:?}");
    let err = connect(DataSourceType::Csv, &json!({}), &quarry_engine::SourcePolicy::permissive()).unwrap_err();
    assert!(matches!(err, ConnectorError::InvalidProperties(_)), "{err:?}");
    // Trino: its catalog, schema and user are needed, and a password only over SSL.
    let trino = |settings: serde_json::Value| connect(DataSourceType::Trino, &settings, &quarry_engine::SourcePolicy::permissive()).map(|_| ());
    let err = trino(json!({"host": "coordinator", "catalog": "hive", "user": "u"})).unwrap_err();
    assert!(matches!(err, ConnectorError::InvalidProperties(_)), "{err:?}");
    let err = trino(json!({"host": "coordinator", "catalog": "hive", "schema": "s", "user": "u", "password": "p"})).unwrap_err();
    assert_eq!(err.to_string(), "invalid connection settings: a password is sent only over SSL: turn SSL on");
    assert!(trino(json!({"host": "coordinator", "catalog": "hive", "schema": "s", "user": "u", "password": "p", "ssl": true})).is_ok());
    // Athena: a region that is only a region (it names the endpoint's host), and the key.
    let athena = |settings: serde_json::Value| connect(DataSourceType::Athena, &settings, &quarry_engine::SourcePolicy::permissive()).map(|_| ());
    let key = json!({"region": "eu-west-1", "database": "sales", "accessKeyId": "AKIA", "secretAccessKey": "s"});
    assert!(athena(key.clone()).is_ok());
    let mut odd = key.clone();
    odd["region"] = json!("evil.example.com#");
    assert_eq!(athena(odd).unwrap_err().to_string(), "invalid connection settings: \"evil.example.com#\" is not an AWS region");
    let mut keyless = key;
    keyless.as_object_mut().unwrap().remove("secretAccessKey");
    assert!(matches!(athena(keyless).unwrap_err(), ConnectorError::InvalidProperties(_)));
    assert!(
        connect(DataSourceType::Mysql, &json!({"host": "db", "database": "d", "user": "u", "password": "p"}), &quarry_engine::SourcePolicy::permissive())
            .is_ok()
    );
}
