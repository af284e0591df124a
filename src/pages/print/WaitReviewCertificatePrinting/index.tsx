/** Certificate printing queue print/WaitReviewCertificatePrinting: the shared QueuePage over every business type. */
import QueuePage from '@/pages/queue/QueuePage';
import { resolveQueueComponent } from '@/pages/queue/config';

const config = resolveQueueComponent('print/WaitReviewCertificatePrinting');

export default function WaitReviewCertificatePrinting() {
  return <QueuePage config={config} />;
}
