/** Certificate printing queue print/ReviewedCertificatePrinting: the shared QueuePage over every business type. */
import QueuePage from '@/pages/queue/QueuePage';
import { resolveQueueComponent } from '@/pages/queue/config';

const config = resolveQueueComponent('print/ReviewedCertificatePrinting');

export default function ReviewedCertificatePrinting() {
  return <QueuePage config={config} />;
}
