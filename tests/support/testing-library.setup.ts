import { configure } from '@testing-library/dom'

// The view tests run beside the server suites on CI's two cores, and a screen's parts arrive through
// dynamic imports (lazy dialogs, the game module): Testing Library's default wait of 1 s for findBy* and
// waitFor was seen to run out under that load. A condition that never holds still fails, 5 s later.
configure({ asyncUtilTimeout: 5_000 })
