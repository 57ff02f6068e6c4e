//! Where a tenant's settings may make Quarry open a connection: the one network policy for
//! data-source hosts and language-model provider URLs.
//!
//! A host is resolved once ([`NetworkPolicy::resolve`]) and the caller connects to the
//! address it gets back, so a name cannot pass the check and then resolve elsewhere for the
//! driver. Refused, always:
//! - Quarry's own services (metadata Postgres, Redis, Temporal) by address and port, with
//!   every local address (loopback, unspecified, this machine's interfaces) counted as the
//!   same listener;
//! - cloud metadata services (by address, and `metadata.google.internal` by name).
//!
//! Refused unless an operator network ([`parse_networks`], `QUARRY_SOURCE_NETWORKS`) holds
//! the address: loopback, private (RFC 1918, CGNAT), link-local, unique-local, unspecified,
//! multicast and other non-routable ranges, also in their IPv4-mapped/embedded IPv6 forms.
//!
//! A refusal says no more than a closed port does ([`CONNECT_FAILED`]), so the connection
//! test cannot be used to map a network; the reason goes to the server log.

use crate::ConnectorError;
use std::{
    fmt,
    net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket},
    str::FromStr,
    time::Duration,
};

/// What the user reads for every failure before the source has spoken its protocol: refused
/// by policy, refused by the host, filtered, timed out, not resolvable.
pub const CONNECT_FAILED: &str = "Could not connect to the data source. Check the host and port, and that the server accepts connections from Quarry.";

/// How long resolving a host name may take.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(10);

/// An IPv4 or IPv6 network, `10.0.0.0/8` or `fd00::/8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.address, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => masked(u32::from(net) as u128, 32, self.prefix) == masked(u32::from(ip) as u128, 32, self.prefix),
            (IpAddr::V6(net), IpAddr::V6(ip)) => masked(u128::from(net), 128, self.prefix) == masked(u128::from(ip), 128, self.prefix),
            _ => false,
        }
    }
}

fn masked(bits: u128, width: u8, prefix: u8) -> u128 {
    if prefix == 0 {
        return 0;
    }
    let shift = width - prefix;
    (bits >> shift) << shift
}

impl FromStr for Network {
    type Err = String;

    /// Strict: an address, a slash and a prefix length, with no host bits set.
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (address, prefix) = text.split_once('/').ok_or_else(|| format!("{text:?} is not a network: write it as address/prefix, e.g. 10.0.0.0/8"))?;
        let address: IpAddr = address.parse().map_err(|_| format!("{text:?}: {address:?} is not an IP address"))?;
        let width = if address.is_ipv4() { 32 } else { 128 };
        let prefix: u8 = prefix.parse().ok().filter(|p| *p <= width).ok_or_else(|| format!("{text:?}: the prefix length must be 0 to {width}"))?;
        let network = Self { address, prefix };
        let bits = match address {
            IpAddr::V4(a) => u32::from(a) as u128,
            IpAddr::V6(a) => u128::from(a),
        };
        if masked(bits, width, prefix) != bits {
            return Err(format!("{text:?} has host bits set beyond the /{prefix} prefix"));
        }
        Ok(network)
    }
}

impl fmt::Display for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.address, self.prefix)
    }
}

/// A comma-separated list of networks; empty text is an empty list.
pub fn parse_networks(text: &str) -> Result<Vec<Network>, String> {
    text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(Network::from_str).collect()
}

/// A service of Quarry's own, as `host:port`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
}

impl Endpoint {
    /// The host and port of `scheme://[user[:password]@]host[:port][/…]`.
    pub fn from_url(url: &str, default_port: u16) -> Option<Self> {
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        let authority = rest.split(['/', '?', '#']).next()?;
        let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let (host, port) = split_host_port(hostport)?;
        Some(Self { host, port: port.unwrap_or(default_port) })
    }
}

/// `host`, `host:port`, `[v6]`, `[v6]:port`.
fn split_host_port(text: &str) -> Option<(String, Option<u16>)> {
    if let Some(rest) = text.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        let port = match after.strip_prefix(':') {
            Some(p) => Some(p.parse().ok()?),
            None if after.is_empty() => None,
            None => return None,
        };
        return Some((host.to_owned(), port));
    }
    match text.rsplit_once(':') {
        Some((host, port)) if !host.contains(':') => Some((host.to_owned(), Some(port.parse().ok()?))),
        _ if !text.is_empty() => Some((text.to_owned(), None)),
        _ => None,
    }
}

#[derive(Debug, Clone, Default)]
pub struct NetworkPolicy {
    /// Networks the operator opened beyond the public internet.
    allowed: Vec<Network>,
    /// Quarry's own services: never reachable, whatever `allowed` says.
    own_services: Vec<Endpoint>,
}

impl NetworkPolicy {
    pub fn new(allowed: Vec<Network>, own_services: Vec<Endpoint>) -> Self {
        Self { allowed, own_services }
    }

    /// Every address allowed, no own services: for connector tests that talk to local servers.
    pub fn permissive() -> Self {
        Self::new(parse_networks("0.0.0.0/0,::/0").expect("valid networks"), Vec::new())
    }

    pub fn allowed(&self) -> &[Network] {
        &self.allowed
    }

    /// The one address to connect to for `host:port`, or CONNECTION_REFUSED with
    /// [`CONNECT_FAILED`]. Connect to the returned address, never to `host` again.
    pub async fn resolve(&self, host: &str, port: u16) -> Result<SocketAddr, ConnectorError> {
        self.check(host, port).await.map_err(|reason| {
            tracing::info!(host, port, reason, "refused a connection to a tenant-given address");
            ConnectorError::ConnectionRefused(CONNECT_FAILED.to_owned())
        })
    }

    async fn check(&self, host: &str, port: u16) -> Result<SocketAddr, String> {
        let host = host.trim();
        let host = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
        if host.is_empty() {
            return Err("no host".into());
        }
        if port == 0 {
            return Err("port 0".into());
        }
        if is_metadata_name(host) {
            return Err("a cloud metadata service name".into());
        }
        let candidates = lookup(host, port).await?;
        let own = self.own_addresses().await?;
        // A name that reaches one of Quarry's services is refused outright, even if another of
        // its addresses would be fine.
        for addr in &candidates {
            if let Some(service) = own.iter().find(|o| same_listener(**o, *addr)) {
                return Err(format!("{addr} reaches Quarry's own service at {service}"));
            }
        }
        let mut reasons = Vec::new();
        for addr in candidates {
            match self.refusal(addr.ip()) {
                None => return Ok(SocketAddr::new(canonical(addr.ip()), addr.port())),
                Some(reason) => reasons.push(format!("{addr}: {reason}")),
            }
        }
        Err(reasons.join("; "))
    }

    /// Why `ip` may not be reached by a tenant, if it may not.
    fn refusal(&self, ip: IpAddr) -> Option<&'static str> {
        let ip = canonical(ip);
        if is_metadata_address(ip) || embedded_v4(ip).is_some_and(|v4| is_metadata_address(IpAddr::V4(v4))) {
            return Some("a cloud metadata address");
        }
        if self.allowed.iter().any(|n| n.contains(ip)) {
            return None;
        }
        if let Some(reason) = special(ip) {
            return Some(reason);
        }
        if let Some(v4) = embedded_v4(ip)
            && !self.allowed.iter().any(|n| n.contains(IpAddr::V4(v4)))
            && let Some(reason) = special(IpAddr::V4(v4))
        {
            return Some(reason);
        }
        None
    }

    /// The addresses of Quarry's own services, resolved now. A service whose name does not
    /// resolve fails the check: better no connection than one that might be to it.
    async fn own_addresses(&self) -> Result<Vec<SocketAddr>, String> {
        let mut all = Vec::new();
        for service in &self.own_services {
            let addrs = lookup(&service.host, service.port).await.map_err(|e| format!("cannot resolve Quarry's own service {}: {e}", service.host))?;
            all.extend(addrs);
        }
        Ok(all)
    }
}

async fn lookup(host: &str, port: u16) -> Result<Vec<SocketAddr>, String> {
    let found = tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, port)))
        .await
        .map_err(|_| "resolving timed out".to_owned())?
        .map_err(|e| format!("does not resolve: {e}"))?;
    let addrs: Vec<SocketAddr> = found.collect();
    if addrs.is_empty() {
        return Err("resolves to no address".into());
    }
    Ok(addrs)
}

/// IPv4-mapped IPv6 (`::ffff:127.0.0.1`) as the IPv4 address it is.
fn canonical(ip: IpAddr) -> IpAddr {
    ip.to_canonical()
}

/// The IPv4 address inside NAT64 (`64:ff9b::/96`), 6to4 (`2002::/16`) and the deprecated
/// IPv4-compatible (`::a.b.c.d`) forms, which a relay may deliver to that IPv4 address.
fn embedded_v4(ip: IpAddr) -> Option<Ipv4Addr> {
    let IpAddr::V6(v6) = ip else { return None };
    let s = v6.segments();
    let low = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6].iter().all(|x| *x == 0) {
        return Some(low);
    }
    if s[..6].iter().all(|x| *x == 0) && !v6.is_loopback() && !v6.is_unspecified() {
        return Some(low);
    }
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new((s[1] >> 8) as u8, s[1] as u8, (s[2] >> 8) as u8, s[2] as u8));
    }
    None
}

fn is_metadata_name(host: &str) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    host == "metadata.google.internal" || host.ends_with(".metadata.google.internal") || host == "metadata"
}

/// AWS/GCP/Azure/OpenStack (169.254.169.254), AWS ECS task metadata (169.254.170.2),
/// Alibaba (100.100.100.200), AWS over IPv6 (fd00:ec2::254).
fn is_metadata_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => [Ipv4Addr::new(169, 254, 169, 254), Ipv4Addr::new(169, 254, 170, 2), Ipv4Addr::new(100, 100, 100, 200)].contains(&v4),
        IpAddr::V6(v6) => v6 == Ipv6Addr::new(0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254),
    }
}

/// Why an address is not on the public internet, if it is not.
fn special(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            if v4.is_loopback() {
                Some("loopback")
            } else if v4.is_unspecified() || a == 0 {
                Some("unspecified (this host)")
            } else if v4.is_private() {
                Some("a private network")
            } else if a == 100 && (64..128).contains(&b) {
                Some("shared address space (CGNAT)")
            } else if v4.is_link_local() {
                Some("link-local")
            } else if a == 192 && b == 0 && c == 0 {
                Some("IETF protocol assignments")
            } else if a == 198 && (b == 18 || b == 19) {
                Some("benchmarking network")
            } else if v4.is_multicast() || a >= 240 {
                Some("multicast, reserved or broadcast")
            } else if v4.is_documentation() {
                Some("documentation network")
            } else {
                None
            }
        }
        IpAddr::V6(v6) => {
            let first = v6.segments()[0];
            if v6.is_loopback() {
                Some("loopback")
            } else if v6.is_unspecified() {
                Some("unspecified (this host)")
            } else if first & 0xfe00 == 0xfc00 {
                Some("unique-local")
            } else if first & 0xffc0 == 0xfe80 || first & 0xffc0 == 0xfec0 {
                Some("link-local or site-local")
            } else if v6.is_multicast() {
                Some("multicast")
            } else if first == 0x2001 && v6.segments()[1] == 0x0db8 {
                Some("documentation network")
            } else {
                None
            }
        }
    }
}

/// Does `target` reach the listener at `service`? Loopback, unspecified and this machine's
/// own interface addresses all reach a service listening locally.
fn same_listener(service: SocketAddr, target: SocketAddr) -> bool {
    if service.port() != target.port() {
        return false;
    }
    let (s, t) = (canonical(service.ip()), canonical(target.ip()));
    s == t || (is_this_machine(s) && is_this_machine(t))
}

/// Loopback, unspecified, or an address of one of this machine's interfaces (only those can
/// be bound to).
fn is_this_machine(ip: IpAddr) -> bool {
    ip.is_loopback() || ip.is_unspecified() || UdpSocket::bind(SocketAddr::new(ip, 0)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn networks_parse_strictly() {
        let nets = parse_networks(" 10.0.0.0/8, 127.0.0.1/32,fd00::/8 ").unwrap();
        assert_eq!(nets.len(), 3);
        assert!(nets[0].contains(ip("10.1.2.3")));
        assert!(!nets[0].contains(ip("11.0.0.1")));
        assert!(nets[1].contains(ip("::ffff:127.0.0.1")));
        assert!(nets[2].contains(ip("fd12::1")));
        for bad in ["10.0.0.0", "10.0.0.1/8", "10.0.0.0/33", "::/129", "localhost/32", "10.0.0.0/x"] {
            assert!(parse_networks(bad).is_err(), "{bad}");
        }
        assert!(parse_networks("").unwrap().is_empty());
    }

    #[test]
    fn non_public_addresses_are_refused_unless_allowed() {
        let strict = NetworkPolicy::default();
        for refused in [
            "127.0.0.1",
            "127.5.5.5",
            "0.0.0.0",
            "10.0.0.1",
            "172.16.0.1",
            "192.168.1.1",
            "100.64.0.1",
            "169.254.1.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
            "2002:c0a8:101::1",
            "224.0.0.1",
            "255.255.255.255",
        ] {
            assert!(strict.refusal(ip(refused)).is_some(), "{refused}");
        }
        for public in ["8.8.8.8", "2606:4700::1111", "100.128.0.1"] {
            assert_eq!(strict.refusal(ip(public)), None, "{public}");
        }
        let open = NetworkPolicy::new(parse_networks("127.0.0.1/32,10.0.0.0/8").unwrap(), Vec::new());
        assert_eq!(open.refusal(ip("127.0.0.1")), None);
        assert_eq!(open.refusal(ip("::ffff:10.2.3.4")), None);
        assert!(open.refusal(ip("127.0.0.2")).is_some());
    }

    #[test]
    fn metadata_services_are_refused_even_in_allowed_networks() {
        let open = NetworkPolicy::permissive();
        for metadata in ["169.254.169.254", "::ffff:169.254.169.254", "fd00:ec2::254", "100.100.100.200"] {
            assert!(open.refusal(ip(metadata)).is_some(), "{metadata}");
        }
        assert!(is_metadata_name("Metadata.Google.Internal."));
    }

    #[tokio::test]
    async fn own_services_are_refused_by_any_local_name() {
        let own = Endpoint::from_url("postgres://quarry:secret@127.0.0.1:55433/quarry?x=1", 5432).unwrap();
        assert_eq!(own, Endpoint { host: "127.0.0.1".into(), port: 55433 });
        let policy = NetworkPolicy::new(parse_networks("0.0.0.0/0,::/0").unwrap(), vec![own]);
        for host in ["127.0.0.1", "localhost", "0.0.0.0", "::1", "[::ffff:127.0.0.1]", "127.1.2.3", "2130706433"] {
            assert!(policy.check(host, 55433).await.is_err(), "{host}");
        }
        assert!(policy.check("127.0.0.1", 55434).await.is_ok());
        let err = policy.resolve("localhost", 55433).await.unwrap_err();
        assert_eq!(err, ConnectorError::ConnectionRefused(CONNECT_FAILED.into()));
    }

    #[test]
    fn endpoints_are_read_from_service_urls() {
        assert_eq!(Endpoint::from_url("redis://:pw@cache:6380/0", 6379), Some(Endpoint { host: "cache".into(), port: 6380 }));
        assert_eq!(Endpoint::from_url("http://[::1]:7233", 7233), Some(Endpoint { host: "::1".into(), port: 7233 }));
        assert_eq!(Endpoint::from_url("temporal.internal", 7233), Some(Endpoint { host: "temporal.internal".into(), port: 7233 }));
    }
}
