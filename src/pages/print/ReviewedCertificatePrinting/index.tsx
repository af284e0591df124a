/** 已打印证书 print/ReviewedCertificatePrinting (menu print:printed:list): printed certificates, reprint with the count recorded. */
import PrintQueue from '../components/PrintQueue';

export default function ReviewedCertificatePrinting() {
  return <PrintQueue key="printDone" queue="printDone" />;
}
