import ComingSoonPage from './ComingSoonPage';

// Its own module: spec A §2 has security/approved-addresses lazily loaded.
export default function ApprovedAddressesPage() {
  return <ComingSoonPage title="Approved Addresses" section="spec A §2" />;
}
