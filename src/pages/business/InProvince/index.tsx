/** 省外调入 (business/InProvince): a holder of another province's certificate joins; a 粤 certificate keeps the original expiry. */
import BusinessPage from '../components/BusinessPage';
import InProvinceForm from './InProvinceForm';

export default function InProvince() {
  return <BusinessPage type="inProvince" Form={InProvinceForm} />;
}
