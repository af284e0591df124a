/** 办件查询 search/WorkSearch (search:work:list): applications of every type handled by the caller's centre; overdue against the statutory deadline. */
import ApplicationSearch from '../components/ApplicationSearch';

export default function WorkSearch() {
  return <ApplicationSearch kind="work" />;
}
