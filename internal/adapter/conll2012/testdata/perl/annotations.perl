DOC
raw: [0,2]
raw: [0,1]
kept: [0,2]
kept: [0,1]
DOC
raw: [0,2]
raw: [1,2]
kept: [0,2]
kept: [1,2]
DOC
raw: [0,1] [0,3] [0,4]
kept: [0,1] [0,3] [0,4]
DOC
raw: [0,2] [0,2] [0,2]
kept: [0,2]
DOC
raw: [0,0] [1,1] [2,2]
raw: [0,0] [1,1] [2,2]
kept: [0,0] [1,1] [2,2]
DOC
raw: [0,0] [2,2]
raw: [0,0] [1,1]
kept: [0,0] [2,2]
kept: [1,1]
DOC
raw: [0,0]
raw: [0,0] [1,1]
kept: [0,0]
kept: [1,1]
DOC
raw: [1,1] [3,3]
raw: [2,2]
kept: [1,1] [3,3]
kept: [2,2]
DOC
raw: [0,0] [3,3]
raw: [1,1]
raw: [2,2]
kept: [0,0] [3,3]
kept: [1,1]
kept: [2,2]
DOC
raw: [1,2] [0,3]
kept: [1,2] [0,3]
DOC
raw: [0,1]
raw: [1,2]
kept: [0,1]
kept: [1,2]
DOC
raw: [0,0]
raw: [1,1]
raw: [1,1]
kept: [0,0]
kept: [1,1]
DOC
raw: [0,0] [1,1] [2,2] [3,3] [4,4]
kept: [0,0] [1,1] [2,2] [3,3] [4,4]
DOC
raw: [0,1]
raw: [1,2]
kept: [0,1]
kept: [1,2]
DOC
raw: [0,0] [3,3]
raw: [1,2]
kept: [0,0] [3,3]
kept: [1,2]
DOC
raw: [0,0] [2,3]
raw: [1,1]
kept: [0,0] [2,3]
kept: [1,1]
DOC
raw: [0,3] [4,4]
kept: [0,3] [4,4]
DOC
raw: [1,1] [0,2]
kept: [1,1] [0,2]
DOC
raw: [1,1] [0,2] [6,6]
raw: [5,6]
kept: [1,1] [0,2] [6,6]
kept: [5,6]
DOC
raw: [0,2]
raw: [1,3]
kept: [0,2]
kept: [1,3]
DOC
raw: [0,2] [3,3] [4,5]
raw: [4,4]
kept: [0,2] [3,3] [4,5]
kept: [4,4]
DOC
raw: [0,0] [0,0] [2,2] [1,2] [3,4]
raw: [3,4]
kept: [0,0] [2,2] [1,2] [3,4]
DOC
raw: [0,0]
raw: [1,4]
raw: [1,2]
raw: [3,3]
kept: [0,0]
kept: [1,4]
kept: [1,2]
kept: [3,3]
