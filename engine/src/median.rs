//! The median, as ratings (the middle of the guesses over several search orders) and
//! benchmarks (the middle of several timed runs) report it.

/// The median of `values`: the middle value, or the mean of the two middle values when
/// there is an even number of them; `None` when there are none. Sorts `values` in place
/// (NaN sorts last, by [`f64::total_cmp`]).
///
/// ```
/// use sudoku_dlx::median;
/// assert_eq!(median(&mut [9.0, 1.0, 5.0]), Some(5.0));
/// assert_eq!(median(&mut [9.0, 1.0, 5.0, 2.0]), Some(3.5));
/// assert_eq!(median(&mut []), None);
/// ```
pub fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_unstable_by(f64::total_cmp);
    let middle = values.len() / 2;
    match values.len() {
        0 => None,
        len if len % 2 == 1 => Some(values[middle]),
        _ => Some((values[middle - 1] + values[middle]) / 2.0),
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn the_median_is_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(median(&mut [7.0]), Some(7.0));
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&mut [1.0, 5.0, 9.0]), Some(5.0));
        assert_eq!(median(&mut [1.0, 2.0, 5.0, 9.0]), Some(3.5));
        assert_eq!(median(&mut []), None);
    }
}
