import AppProviders from './AppProviders';
import AppRoutes from './AppRoutes';

export default function App() {
  return (
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  );
}
