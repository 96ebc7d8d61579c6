export { markTourPending, markTourSeen, placeCard, TOUR_STEPS, tourPending, tourReducer, type TourStep } from './model/tour';
export { guidanceTour, useGuidanceTour } from './model/tour-store';
export { GuidanceTour } from './ui/guidance-tour';
