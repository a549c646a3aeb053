// Gatsby's loader expects this global in the browser.
global.___loader = { enqueue: jest.fn() };
