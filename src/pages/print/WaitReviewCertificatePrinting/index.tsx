/** 待打印证书 print/WaitReviewCertificatePrinting (menu print:waitPrint:list): approved applications whose certificate waits to be printed. */
import PrintQueue from '../components/PrintQueue';

export default function WaitReviewCertificatePrinting() {
  return <PrintQueue queue="printWait" />;
}
