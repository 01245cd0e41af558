//! Connections per client address: one client (one machine, or one IPv6 /64
//! network, which one machine usually has to itself) may hold at most so
//! many connections, so that idle or slow connections from one place cannot
//! take all of the server's and starve everyone else.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};

/// How many connections each client address holds.
pub(super) struct AddressCounts {
    max_per_address: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection's place in its address's count, given back when dropped.
pub(super) struct AddressSlot {
    counts: Arc<AddressCounts>,
    client: IpAddr,
}

impl AddressCounts {
    pub(super) fn new(max_per_address: usize) -> Arc<AddressCounts> {
        Arc::new(AddressCounts { max_per_address: max_per_address.max(1), open: Mutex::new(HashMap::new()) })
    }

    /// A place for a new connection from `peer`, or `None` when its address
    /// holds its most already.
    pub(super) fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<AddressSlot> {
        let client = client_of(peer);
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(client).or_insert(0);
        if *count >= self.max_per_address {
            return None;
        }
        *count += 1;
        Some(AddressSlot { counts: self.clone(), client })
    }

    #[cfg(test)]
    fn held(&self, peer: IpAddr) -> usize {
        self.open.lock().unwrap().get(&client_of(peer)).copied().unwrap_or(0)
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// The address a client is counted under: an IPv4 address (also when it
/// comes mapped into IPv6), or the /64 network of an IPv6 address.
fn client_of(peer: IpAddr) -> IpAddr {
    match peer.to_canonical() {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(network))
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_share_and_gets_it_back() {
        let counts = AddressCounts::new(2);
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let first = counts.admit(one).unwrap();
        let _second = counts.admit(one).unwrap();
        assert!(counts.admit(one).is_none(), "a third connection from one address is refused");
        assert!(counts.admit(other).is_some(), "another address is not affected");
        drop(first);
        assert!(counts.admit(one).is_some(), "a closed connection's place is free again");
    }

    #[test]
    fn ipv6_clients_are_counted_by_network_and_mapped_ipv4_as_ipv4() {
        let counts = AddressCounts::new(1);
        let _held = counts.admit("2001:db8:1:2::5".parse().unwrap()).unwrap();
        assert!(counts.admit("2001:db8:1:2:ffff::9".parse().unwrap()).is_none(), "same /64");
        assert!(counts.admit("2001:db8:1:3::5".parse().unwrap()).is_some(), "another /64");
        let _v4 = counts.admit("192.0.2.7".parse().unwrap()).unwrap();
        assert!(counts.admit("::ffff:192.0.2.7".parse().unwrap()).is_none(), "mapped IPv4 is the same client");
        assert_eq!(counts.held("192.0.2.7".parse().unwrap()), 1);
    }
}
