/** 申请查询 search/ApplySearch (search:apply:list): an enterprise's own applications of every business type, as the applicant sees them. */
import ApplicationSearch from '../components/ApplicationSearch';

export default function ApplySearch() {
  return <ApplicationSearch kind="apply" />;
}
