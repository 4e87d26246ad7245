import { mount } from 'svelte';
import Harness from './Harness.svelte';

/**
 * A page that shows the generic board with the test fixture game and no server, so the board's
 * drawing and input handling can be driven in a real browser on their own.
 */
const target = document.getElementById('app');
if (!target) throw new Error('no #app');
mount(Harness, { target });
