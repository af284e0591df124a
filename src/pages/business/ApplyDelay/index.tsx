/** 证书延期 (business/ApplyDelay): a certificate in its delay window gets three more years; the holder confirms first. */
import BusinessPage from '../components/BusinessPage';
import DelayForm from './DelayForm';

export default function ApplyDelay() {
  return <BusinessPage type="delay" Form={DelayForm} />;
}
