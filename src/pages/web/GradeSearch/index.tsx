import SearchPage from '../components/SearchPage';

/** /web/gradeSearch */
export default function GradeSearchPage() {
  return <SearchPage kind="gradeSearch" />;
}
