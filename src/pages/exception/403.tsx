import ExceptionResult from './ExceptionResult';

export default function Exception403() {
  return <ExceptionResult type="403" />;
}
