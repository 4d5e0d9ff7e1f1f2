import { HistoryScreen } from '../../../features/bookings/components/history-screen';

export default HistoryScreen;
