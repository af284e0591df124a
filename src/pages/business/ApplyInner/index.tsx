/** 省内调动 (business/ApplyInner): this enterprise takes over a holder who moved here from another enterprise of the province. */
import BusinessPage from '../components/BusinessPage';
import InnerForm from './InnerForm';

export default function ApplyInner() {
  return <BusinessPage type="inner" Form={InnerForm} />;
}
