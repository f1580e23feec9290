/**
 * Seat maps and seat choice (docs/seats.md): what the rest of the API may use of this module. Its seat holds are
 * the orders module's table (`order_seats`), written with the order's other seats.
 */
export { chooseSeats, chosenSeats, seatMapsOf, type SeatMapDeps } from './seat-maps.ts';
