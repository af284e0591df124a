/** 调出省外 (business/OutProvince): the holder leaves for another province; the national platform is told. */
import BusinessPage from '../components/BusinessPage';
import OutProvinceForm from './OutProvinceForm';

export default function OutProvince() {
  return <BusinessPage type="outProvince" Form={OutProvinceForm} />;
}
