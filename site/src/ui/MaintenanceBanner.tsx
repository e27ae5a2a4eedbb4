import { useConfig } from '../config/ConfigContext';

/** A notice on every page while the deployment sets MAINTENANCE_MESSAGE (e.g. before planned downtime). */
export function MaintenanceBanner() {
  const state = useConfig();
  const message = state.status === 'ready' ? state.config.maintenanceMessage : null;
  if (!message) return null;
  return (
    <div className="maintenance-banner" role="status">
      <div className="container">
        <strong>Planned maintenance:</strong> {message}
      </div>
    </div>
  );
}
