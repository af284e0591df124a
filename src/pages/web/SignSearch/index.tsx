import SearchPage from '../components/SearchPage';

/** /web/signSearch */
export default function SignSearchPage() {
  return <SearchPage kind="signSearch" />;
}
