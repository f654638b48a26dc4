package eael

// UniqueID is the unique id of the response in the nine argument columns
// after the id, for tests that write stores.
func UniqueID(cols []string) (string, error) {
	r, err := parseResponse(cols[:9], 0)
	if err != nil {
		return "", err
	}
	return r.uid, nil
}
