//! Secrets at rest (data-source passwords, keys): AES-256-GCM with a key derived from
//! `QUARRY_SECRET_KEY` by HKDF-SHA256.
//!
//! A sealed value is `v1:` followed by base64 (standard, padded) of a fresh random 96-bit
//! nonce and the ciphertext with its 128-bit tag. The version prefix is also the associated
//! data, so a value cannot be passed off as another version. Changing `QUARRY_SECRET_KEY`
//! makes existing values undecryptable ([`SecretsError::Decrypt`]).

use aes_gcm::{
    Aes256Gcm, Key, Nonce,
    aead::{Aead, AeadCore, KeyInit, OsRng, Payload},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use hkdf::Hkdf;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};
use sha2::Sha256;

const VERSION: &str = "v1";
const NONCE_LEN: usize = 12;
const HKDF_SALT: &[u8] = b"quarry/secrets";
const HKDF_INFO: &[u8] = b"quarry data-source secrets v1 aes-256-gcm";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretsError {
    #[error("the sealed secret is malformed")]
    Malformed,
    #[error("the sealed secret has an unknown version")]
    UnknownVersion,
    /// Wrong key, or the value was altered.
    #[error("the secret cannot be decrypted with the configured key")]
    Decrypt,
    #[error("the decrypted secret is not valid JSON")]
    NotJson,
}

fn cipher(key_material: &SecretString) -> Aes256Gcm {
    let hkdf = Hkdf::<Sha256>::new(Some(HKDF_SALT), key_material.expose_secret().as_bytes());
    let mut key = [0u8; 32];
    hkdf.expand(HKDF_INFO, &mut key)
        .expect("32 bytes is a valid HKDF-SHA256 output length");
    let cipher = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key));
    key.fill(0);
    cipher
}

/// Seals `plaintext`; every call gives a different result.
pub fn encrypt(key_material: &SecretString, plaintext: &str) -> String {
    let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
    let ciphertext = cipher(key_material)
        .encrypt(
            &nonce,
            Payload {
                msg: plaintext.as_bytes(),
                aad: VERSION.as_bytes(),
            },
        )
        .expect("AES-GCM encrypts any message shorter than 64 GiB");
    let mut sealed = nonce.to_vec();
    sealed.extend_from_slice(&ciphertext);
    format!("{VERSION}:{}", STANDARD.encode(sealed))
}

pub fn decrypt(key_material: &SecretString, sealed: &str) -> Result<SecretString, SecretsError> {
    let (version, body) = sealed.split_once(':').ok_or(SecretsError::Malformed)?;
    if version != VERSION {
        return Err(SecretsError::UnknownVersion);
    }
    let bytes = STANDARD.decode(body).map_err(|_| SecretsError::Malformed)?;
    if bytes.len() < NONCE_LEN + 16 {
        return Err(SecretsError::Malformed);
    }
    let (nonce, ciphertext) = bytes.split_at(NONCE_LEN);
    let plaintext = cipher(key_material)
        .decrypt(
            Nonce::from_slice(nonce),
            Payload {
                msg: ciphertext,
                aad: VERSION.as_bytes(),
            },
        )
        .map_err(|_| SecretsError::Decrypt)?;
    String::from_utf8(plaintext)
        .map(SecretString::from)
        .map_err(|_| SecretsError::Decrypt)
}

/// Seals the secret settings of a data source (see `connectors::split_secrets`) as one value.
pub fn seal_json(key_material: &SecretString, secrets: &Map<String, Value>) -> String {
    encrypt(key_material, &Value::Object(secrets.clone()).to_string())
}

pub fn open_json(
    key_material: &SecretString,
    sealed: &str,
) -> Result<Map<String, Value>, SecretsError> {
    let plain = decrypt(key_material, sealed)?;
    match serde_json::from_str(plain.expose_secret()) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(SecretsError::NotJson),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(s: &str) -> SecretString {
        SecretString::from(s.to_string())
    }

    #[test]
    fn round_trip() {
        let k = key("a long random key from QUARRY_SECRET_KEY");
        for plain in [
            "",
            "hunter2",
            "pässwörd ✓ with unicode",
            &"x".repeat(10_000),
        ] {
            let sealed = encrypt(&k, plain);
            assert!(sealed.starts_with("v1:"));
            assert!(!sealed.contains(plain) || plain.is_empty());
            assert_eq!(decrypt(&k, &sealed).unwrap().expose_secret(), plain);
        }
        // A fresh nonce each time.
        assert_ne!(encrypt(&k, "same"), encrypt(&k, "same"));
    }

    #[test]
    fn tampering_is_detected() {
        let k = key("k");
        let sealed = encrypt(&k, "hunter2");
        let mut bytes = STANDARD.decode(&sealed[3..]).unwrap();
        for i in [0, NONCE_LEN, bytes.len() - 1] {
            bytes[i] ^= 0x01;
            let altered = format!("v1:{}", STANDARD.encode(&bytes));
            assert_eq!(
                decrypt(&k, &altered).unwrap_err(),
                SecretsError::Decrypt,
                "byte {i}"
            );
            bytes[i] ^= 0x01;
        }
        assert_eq!(
            decrypt(&k, &format!("v1:{}", STANDARD.encode(&bytes)))
                .unwrap()
                .expose_secret(),
            "hunter2"
        );
        // Cut short: still base64 but the tag no longer matches, or not base64 at all.
        assert_eq!(
            decrypt(&k, &sealed[..sealed.len() - 4]).unwrap_err(),
            SecretsError::Decrypt
        );
        assert_eq!(
            decrypt(&k, &sealed[..sealed.len() - 1]).unwrap_err(),
            SecretsError::Malformed
        );
        assert_eq!(decrypt(&k, "v1:AAAA").unwrap_err(), SecretsError::Malformed);
        assert_eq!(
            decrypt(&k, "no prefix").unwrap_err(),
            SecretsError::Malformed
        );
        assert_eq!(
            decrypt(&k, &sealed.replacen("v1:", "v2:", 1)).unwrap_err(),
            SecretsError::UnknownVersion
        );
    }

    #[test]
    fn wrong_key_fails() {
        let sealed = encrypt(&key("right key"), "hunter2");
        assert_eq!(
            decrypt(&key("wrong key"), &sealed).unwrap_err(),
            SecretsError::Decrypt
        );
    }

    #[test]
    fn json_secrets_round_trip() {
        let k = key("k");
        let secrets = json!({"password": "p", "credentials": {"type": "service_account"}});
        let sealed = seal_json(&k, secrets.as_object().unwrap());
        assert!(!sealed.contains("service_account"));
        assert_eq!(Value::Object(open_json(&k, &sealed).unwrap()), secrets);
        assert_eq!(
            open_json(&k, &encrypt(&k, "[1]")).unwrap_err(),
            SecretsError::NotJson
        );
    }
}
