/** 个人注销申请 (business/PersonRevocation): a holder (individual user) asks for their own certificate to be revoked. */
import BusinessPage from '../components/BusinessPage';
import ReasonForm from '../components/ReasonForm';

export default function PersonRevocation() {
  return <BusinessPage type="personRevocation" Form={ReasonForm} />;
}
