import { HistoryScreen } from '../../../features/reservaciones/components/history-screen';

export default HistoryScreen;
