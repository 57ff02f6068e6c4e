//! Secrets at rest (data-source passwords, language-model keys): AES-256-GCM with a key
//! derived from `QUARRY_SECRET_KEY` by HKDF-SHA256.
//!
//! A sealed value is `v2:<key id>:` followed by base64 (standard, padded) of a fresh random
//! 96-bit nonce and the ciphertext with its 128-bit tag. The key id is a fingerprint of the
//! key (HKDF with its own label, so it reveals nothing about the cipher key); it says which
//! configured key opens the value, which is what lets the key be rotated: the previous key
//! (`QUARRY_SECRET_KEY_PREVIOUS`) keeps opening old values until they are re-sealed.
//! The prefix up to the body is the associated data, so neither the version nor the key id
//! can be altered. Values sealed before key ids existed (`v1:`) still open with any
//! configured key.

use aes_gcm::{
    Aes256Gcm, Key, Nonce,
    aead::{Aead, AeadCore, KeyInit, OsRng, Payload},
};
use base64::{Engine, engine::general_purpose::STANDARD};
use hkdf::Hkdf;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{Map, Value};
use sha2::Sha256;

const VERSION: &str = "v2";
const LEGACY_VERSION: &str = "v1";
const NONCE_LEN: usize = 12;
const HKDF_SALT: &[u8] = b"quarry/secrets";
const HKDF_INFO: &[u8] = b"quarry data-source secrets v1 aes-256-gcm";
const KEY_ID_INFO: &[u8] = b"quarry secrets key id";

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretsError {
    #[error("the sealed secret is malformed")]
    Malformed,
    #[error("the sealed secret has an unknown version")]
    UnknownVersion,
    /// Wrong key, or the value was altered.
    #[error("the secret cannot be decrypted with the configured key")]
    Decrypt,
    /// Sealed with a key that is neither `QUARRY_SECRET_KEY` nor `QUARRY_SECRET_KEY_PREVIOUS`.
    #[error("the secret was sealed with key {0}, which is not configured")]
    UnknownKey(String),
    #[error("the decrypted secret is not valid JSON")]
    NotJson,
}

/// One key: its cipher and its id.
struct SealingKey {
    id: String,
    cipher: Aes256Gcm,
}

impl SealingKey {
    fn new(material: &SecretString) -> Self {
        let hkdf = Hkdf::<Sha256>::new(Some(HKDF_SALT), material.expose_secret().as_bytes());
        let mut key = [0u8; 32];
        hkdf.expand(HKDF_INFO, &mut key).expect("32 bytes is a valid HKDF-SHA256 output length");
        let cipher = Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&key));
        key.fill(0);
        let mut id = [0u8; 8];
        hkdf.expand(KEY_ID_INFO, &mut id).expect("8 bytes is a valid HKDF-SHA256 output length");
        Self { id: hex::encode(id), cipher }
    }
}

/// The keys secrets are sealed and opened with: the current one, and the previous one
/// during a rotation.
pub struct SecretKeys {
    current: SealingKey,
    previous: Option<SealingKey>,
}

impl std::fmt::Debug for SecretKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SecretKeys").field("current", &self.current.id).field("previous", &self.previous.as_ref().map(|k| &k.id)).finish()
    }
}

impl SecretKeys {
    pub fn new(current: &SecretString, previous: Option<&SecretString>) -> Self {
        Self { current: SealingKey::new(current), previous: previous.map(SealingKey::new) }
    }

    /// The current key's id, as written into sealed values.
    pub fn current_id(&self) -> &str {
        &self.current.id
    }

    fn by_id(&self, id: &str) -> Option<&SealingKey> {
        std::iter::once(&self.current).chain(self.previous.as_ref()).find(|k| k.id == id)
    }

    /// Whether `sealed` should be re-sealed with the current key (it is legacy or was
    /// sealed with another key).
    pub fn needs_reseal(&self, sealed: &str) -> bool {
        !sealed.starts_with(&format!("{VERSION}:{}:", self.current.id))
    }
}

/// Seals `plaintext` with the current key; every call gives a different result.
pub fn encrypt(keys: &SecretKeys, plaintext: &str) -> String {
    let header = format!("{VERSION}:{}", keys.current.id);
    let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
    let ciphertext = keys
        .current
        .cipher
        .encrypt(&nonce, Payload { msg: plaintext.as_bytes(), aad: header.as_bytes() })
        .expect("AES-GCM encrypts any message shorter than 64 GiB");
    let mut sealed = nonce.to_vec();
    sealed.extend_from_slice(&ciphertext);
    format!("{header}:{}", STANDARD.encode(sealed))
}

fn open_with(cipher: &Aes256Gcm, aad: &str, body: &str) -> Result<SecretString, SecretsError> {
    let bytes = STANDARD.decode(body).map_err(|_| SecretsError::Malformed)?;
    if bytes.len() < NONCE_LEN + 16 {
        return Err(SecretsError::Malformed);
    }
    let (nonce, ciphertext) = bytes.split_at(NONCE_LEN);
    let plaintext = cipher.decrypt(Nonce::from_slice(nonce), Payload { msg: ciphertext, aad: aad.as_bytes() }).map_err(|_| SecretsError::Decrypt)?;
    String::from_utf8(plaintext).map(SecretString::from).map_err(|_| SecretsError::Decrypt)
}

pub fn decrypt(keys: &SecretKeys, sealed: &str) -> Result<SecretString, SecretsError> {
    let (version, rest) = sealed.split_once(':').ok_or(SecretsError::Malformed)?;
    match version {
        VERSION => {
            let (id, body) = rest.split_once(':').ok_or(SecretsError::Malformed)?;
            let key = keys.by_id(id).ok_or_else(|| SecretsError::UnknownKey(id.to_owned()))?;
            open_with(&key.cipher, &format!("{VERSION}:{id}"), body)
        }
        // No key id: try the current key, then the previous one.
        LEGACY_VERSION => {
            let first = open_with(&keys.current.cipher, LEGACY_VERSION, rest);
            match (&first, &keys.previous) {
                (Err(SecretsError::Decrypt), Some(previous)) => open_with(&previous.cipher, LEGACY_VERSION, rest),
                _ => first,
            }
        }
        _ => Err(SecretsError::UnknownVersion),
    }
}

/// Opens `sealed` and seals it again with the current key; `None` when it already is.
pub fn reseal(keys: &SecretKeys, sealed: &str) -> Result<Option<String>, SecretsError> {
    if !keys.needs_reseal(sealed) {
        return Ok(None);
    }
    let plain = decrypt(keys, sealed)?;
    Ok(Some(encrypt(keys, plain.expose_secret())))
}

/// Seals the secret settings of a data source (see `connectors::split_secrets`) as one value.
pub fn seal_json(keys: &SecretKeys, secrets: &Map<String, Value>) -> String {
    encrypt(keys, &Value::Object(secrets.clone()).to_string())
}

pub fn open_json(keys: &SecretKeys, sealed: &str) -> Result<Map<String, Value>, SecretsError> {
    let plain = decrypt(keys, sealed)?;
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

    fn keys(s: &str) -> SecretKeys {
        SecretKeys::new(&key(s), None)
    }

    /// The format written before key ids: `v1:` + base64(nonce + ciphertext), aad `v1`.
    fn seal_v1(material: &str, plaintext: &str) -> String {
        let k = SealingKey::new(&key(material));
        let nonce = Aes256Gcm::generate_nonce(&mut OsRng);
        let ct = k.cipher.encrypt(&nonce, Payload { msg: plaintext.as_bytes(), aad: b"v1" }).unwrap();
        let mut sealed = nonce.to_vec();
        sealed.extend_from_slice(&ct);
        format!("v1:{}", STANDARD.encode(sealed))
    }

    #[test]
    fn round_trip() {
        let k = keys("a long random key from QUARRY_SECRET_KEY");
        for plain in ["", "hunter2", "pässwörd ✓ with unicode", &"x".repeat(10_000)] {
            let sealed = encrypt(&k, plain);
            assert!(sealed.starts_with(&format!("v2:{}:", k.current_id())));
            assert!(!sealed.contains(plain) || plain.is_empty());
            assert_eq!(decrypt(&k, &sealed).unwrap().expose_secret(), plain);
        }
        // A fresh nonce each time.
        assert_ne!(encrypt(&k, "same"), encrypt(&k, "same"));
    }

    #[test]
    fn tampering_is_detected() {
        let k = keys("k");
        let sealed = encrypt(&k, "hunter2");
        let prefix_len = "v2:".len() + k.current_id().len() + 1;
        let (prefix, body) = sealed.split_at(prefix_len);
        let mut bytes = STANDARD.decode(body).unwrap();
        for i in [0, NONCE_LEN, bytes.len() - 1] {
            bytes[i] ^= 0x01;
            let altered = format!("{prefix}{}", STANDARD.encode(&bytes));
            assert_eq!(decrypt(&k, &altered).unwrap_err(), SecretsError::Decrypt, "byte {i}");
            bytes[i] ^= 0x01;
        }
        assert_eq!(decrypt(&k, &format!("{prefix}{}", STANDARD.encode(&bytes))).unwrap().expose_secret(), "hunter2");
        assert_eq!(decrypt(&k, &sealed[..sealed.len() - 4]).unwrap_err(), SecretsError::Decrypt);
        assert_eq!(decrypt(&k, &sealed[..sealed.len() - 1]).unwrap_err(), SecretsError::Malformed);
        assert_eq!(decrypt(&k, "no prefix").unwrap_err(), SecretsError::Malformed);
        assert_eq!(decrypt(&k, &sealed.replacen("v2:", "v3:", 1)).unwrap_err(), SecretsError::UnknownVersion);
        // Passing a v2 body off as a legacy value fails: the associated data differs.
        assert_eq!(decrypt(&k, &format!("v1:{body}")).unwrap_err(), SecretsError::Decrypt);
    }

    #[test]
    fn wrong_key_fails() {
        let sealed = encrypt(&keys("right key"), "hunter2");
        assert!(matches!(decrypt(&keys("wrong key"), &sealed).unwrap_err(), SecretsError::UnknownKey(_)));
        assert_eq!(decrypt(&keys("wrong key"), &seal_v1("right key", "x")).unwrap_err(), SecretsError::Decrypt);
    }

    #[test]
    fn key_ids_are_stable_and_distinct() {
        assert_eq!(keys("a").current_id(), keys("a").current_id());
        assert_ne!(keys("a").current_id(), keys("b").current_id());
        assert_eq!(keys("a").current_id().len(), 16);
    }

    #[test]
    fn rotation_opens_old_values_and_reseals_them() {
        let old = encrypt(&keys("key A"), "hunter2");
        let legacy_a = seal_v1("key A", "legacy under A");
        let legacy_b = seal_v1("key B", "legacy under B");
        let rotating = SecretKeys::new(&key("key B"), Some(&key("key A")));
        assert_eq!(decrypt(&rotating, &old).unwrap().expose_secret(), "hunter2");
        assert_eq!(decrypt(&rotating, &legacy_a).unwrap().expose_secret(), "legacy under A");
        assert_eq!(decrypt(&rotating, &legacy_b).unwrap().expose_secret(), "legacy under B");

        let new = reseal(&rotating, &old).unwrap().unwrap();
        assert!(new.starts_with(&format!("v2:{}:", rotating.current_id())));
        // Idempotent: a value under the current key is left alone.
        assert_eq!(reseal(&rotating, &new).unwrap(), None);
        let only_b = keys("key B");
        assert_eq!(decrypt(&only_b, &new).unwrap().expose_secret(), "hunter2");
        assert!(decrypt(&only_b, &old).is_err());
        let legacy = reseal(&rotating, &legacy_a).unwrap().unwrap();
        assert_eq!(decrypt(&only_b, &legacy).unwrap().expose_secret(), "legacy under A");
    }

    #[test]
    fn json_secrets_round_trip() {
        let k = keys("k");
        let secrets = json!({"password": "p", "credentials": {"type": "service_account"}});
        let sealed = seal_json(&k, secrets.as_object().unwrap());
        assert!(!sealed.contains("service_account"));
        assert_eq!(Value::Object(open_json(&k, &sealed).unwrap()), secrets);
        assert_eq!(open_json(&k, &encrypt(&k, "[1]")).unwrap_err(), SecretsError::NotJson);
    }
}
