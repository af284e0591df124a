import SearchPage from '../components/SearchPage';

/** /web/outSearch */
export default function OutSearchPage() {
  return <SearchPage kind="outSearch" />;
}
