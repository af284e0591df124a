import ExceptionResult from './ExceptionResult';

export default function Exception500() {
  return <ExceptionResult type="500" />;
}
