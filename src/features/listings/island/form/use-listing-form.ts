import { useCallback, useReducer } from 'react';
import { alertFor, formReducer, initialFormState, type FormAction, type FormState } from './state.ts';

/**
 * The form's state: the reducer of state.ts, with `act` telling the seller (an alert, as the spec
 * asks) when an action is refused or only partly taken; `dispatch` for the form's own updates.
 */
export function useListingForm(accountEmail: string | null): {
  state: FormState;
  act: (action: FormAction) => void;
  dispatch: (action: FormAction) => void;
} {
  const [state, dispatch] = useReducer(formReducer, accountEmail, initialFormState);
  const act = useCallback(
    (action: FormAction) => {
      const message = alertFor(state, action);
      if (message) alert(message);
      dispatch(action);
    },
    [state],
  );
  return { state, act, dispatch };
}
