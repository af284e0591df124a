import SearchPage from '../components/SearchPage';

/** /web/certSearch */
export default function CertSearchPage() {
  return <SearchPage kind="certSearch" />;
}
