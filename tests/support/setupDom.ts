import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait up to 5 s, not 1: in CI four projects share 2 CPUs, and a page that
// renders in 200 ms alone once took over a second (LoginPage's redirect after sign-in).
configure({ asyncUtilTimeout: 5_000 });
