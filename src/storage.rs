//! Local storage, where the app keeps the running table and this phone's seat. Storage can
//! be missing (private browsing) or full: every call reports instead of panicking.

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    local()?.get_item(key).ok().flatten()
}

pub fn set(key: &str, value: &str) -> Result<(), String> {
    local()
        .ok_or("This browser keeps nothing on this device (private browsing?).")?
        .set_item(key, value)
        .map_err(|_| "This device's storage is full or switched off.".to_string())
}

pub fn remove(key: &str) {
    if let Some(storage) = local() {
        let _ = storage.remove_item(key);
    }
}
