"""Perfect play: the double-dummy search, post-mortems of real games, win chances by sampling."""
