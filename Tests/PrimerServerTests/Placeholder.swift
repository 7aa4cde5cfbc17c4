// Tests of primer serve
